import { Enums as ToolEnums, ToolGroupManager } from '@cornerstonejs/tools';
import { MEASUREMENT_TEXT } from './measurement-text';

// Cornerstone's static toolName is typed `any`; these are its values (the tools register under them in init).
const WL = 'WindowLevel';
const PAN = 'Pan';
const ZOOM = 'Zoom';
const SCROLL = 'StackScroll';

/** The tools the left button can hold; the middle button always pans, the right zooms, the wheel scrolls. */
export const PRIMARY_TOOLS = {
  windowLevel: WL,
  pan: PAN,
  zoom: ZOOM,
  length: 'Length',
  angle: 'Angle',
  rectangle: 'RectangleROI',
  ellipse: 'EllipticalROI',
  /** MPR only: drag the crosshairs centre to move the other two planes. */
  crosshairs: 'Crosshairs',
} as const;
export type PrimaryTool = keyof typeof PRIMARY_TOOLS;

const { MouseBindings } = ToolEnums;
const MEASUREMENTS: string[] = [
  PRIMARY_TOOLS.length,
  PRIMARY_TOOLS.angle,
  PRIMARY_TOOLS.rectangle,
  PRIMARY_TOOLS.ellipse,
];
/** Kept visible (passive) when another tool holds the left button. */
const ALWAYS_SHOWN: string[] = [...MEASUREMENTS, PRIMARY_TOOLS.crosshairs];
/** MPR reference lines: axial red, sagittal yellow, coronal green (as OHIF and most workstations draw them). */
export const PLANE_COLORS = {
  axial: 'rgb(220, 50, 50)',
  sagittal: 'rgb(220, 200, 40)',
  coronal: 'rgb(60, 190, 80)',
} as const;
export type MprPlane = keyof typeof PLANE_COLORS;

/** The stack's tools; measurements labelled in the app's language. */
function addTools(group: NonNullable<ReturnType<typeof ToolGroupManager.createToolGroup>>) {
  for (const name of [WL, PAN, ZOOM, SCROLL]) group.addTool(name);
  for (const name of MEASUREMENTS) group.addTool(name, MEASUREMENT_TEXT[name]);
}

export function createToolGroup(id: string, renderingEngineId: string, viewportId: string) {
  const group = ToolGroupManager.createToolGroup(id);
  if (!group) throw new Error(`tool group ${id} exists`);
  addTools(group);
  group.addViewport(viewportId, renderingEngineId);
  group.setToolActive(PAN, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
  group.setToolActive(ZOOM, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
  group.setToolActive(SCROLL, { bindings: [{ mouseButton: MouseBindings.Wheel }] });
  selectPrimaryTool(id, 'windowLevel');
  return group;
}

/**
 * The MPR tool group: the stack's tools on three volume viewports, plus crosshairs on the left button (the other two
 * planes follow where it is dragged; scrolling one plane moves the lines in the others).
 */
export function createMprToolGroup(id: string, renderingEngineId: string, viewports: Record<MprPlane, string>) {
  const group = ToolGroupManager.createToolGroup(id);
  if (!group) throw new Error(`tool group ${id} exists`);
  addTools(group);
  const planeOf = (viewportId: string) =>
    (Object.keys(viewports) as MprPlane[]).find((p) => viewports[p] === viewportId);
  group.addTool(PRIMARY_TOOLS.crosshairs, {
    getReferenceLineColor: (viewportId: string) => PLANE_COLORS[planeOf(viewportId) ?? 'axial'],
    getReferenceLineControllable: () => true,
    // Also what lets a click jump the centre there (Cornerstone checks it for jumps); the handles allow oblique planes.
    getReferenceLineDraggableRotatable: () => true,
    getReferenceLineSlabThicknessControlsOn: () => false,
  });
  for (const viewportId of Object.values(viewports)) group.addViewport(viewportId, renderingEngineId);
  group.setToolActive(PAN, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
  group.setToolActive(ZOOM, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
  group.setToolActive(SCROLL, { bindings: [{ mouseButton: MouseBindings.Wheel }] });
  selectPrimaryTool(id, 'crosshairs');
  return group;
}

/** Puts a tool on the left button; measurements already drawn stay visible and editable. */
export function selectPrimaryTool(groupId: string, tool: PrimaryTool): void {
  const group = ToolGroupManager.getToolGroup(groupId);
  if (!group) return;
  const primary = [{ mouseButton: MouseBindings.Primary }];
  for (const name of Object.values(PRIMARY_TOOLS)) {
    if (name === PRIMARY_TOOLS[tool] || !group.hasTool(name)) continue;
    if (ALWAYS_SHOWN.includes(name)) group.setToolPassive(name);
    else if (name === PAN) group.setToolActive(name, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
    else if (name === ZOOM) group.setToolActive(name, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
    else group.setToolDisabled(name);
  }
  const name: string = PRIMARY_TOOLS[tool];
  if (!group.hasTool(name)) return;
  const extra =
    name === PAN
      ? [{ mouseButton: MouseBindings.Auxiliary }]
      : name === ZOOM
        ? [{ mouseButton: MouseBindings.Secondary }]
        : [];
  group.setToolActive(name, { bindings: [...primary, ...extra] });
}

export function destroyToolGroup(id: string): void {
  ToolGroupManager.destroyToolGroup(id);
}
