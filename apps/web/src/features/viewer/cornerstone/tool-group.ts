import { Enums as ToolEnums, ToolGroupManager } from '@cornerstonejs/tools';

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
} as const;
export type PrimaryTool = keyof typeof PRIMARY_TOOLS;

const { MouseBindings } = ToolEnums;
const MEASUREMENTS: string[] = [PRIMARY_TOOLS.length, PRIMARY_TOOLS.angle, PRIMARY_TOOLS.rectangle, PRIMARY_TOOLS.ellipse];

export function createToolGroup(id: string, renderingEngineId: string, viewportId: string) {
  const group = ToolGroupManager.createToolGroup(id);
  if (!group) throw new Error(`tool group ${id} exists`);
  for (const name of [WL, PAN, ZOOM, SCROLL, ...MEASUREMENTS]) group.addTool(name);
  group.addViewport(viewportId, renderingEngineId);
  group.setToolActive(PAN, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
  group.setToolActive(ZOOM, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
  group.setToolActive(SCROLL, { bindings: [{ mouseButton: MouseBindings.Wheel }] });
  selectPrimaryTool(id, 'windowLevel');
  return group;
}

/** Puts a tool on the left button; measurements already drawn stay visible and editable. */
export function selectPrimaryTool(groupId: string, tool: PrimaryTool): void {
  const group = ToolGroupManager.getToolGroup(groupId);
  if (!group) return;
  const primary = [{ mouseButton: MouseBindings.Primary }];
  for (const name of Object.values(PRIMARY_TOOLS)) {
    if (name === PRIMARY_TOOLS[tool]) continue;
    if (MEASUREMENTS.includes(name)) group.setToolPassive(name);
    else if (name === PAN) group.setToolActive(name, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
    else if (name === ZOOM) group.setToolActive(name, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
    else group.setToolDisabled(name);
  }
  const name: string = PRIMARY_TOOLS[tool];
  const extra = name === PAN ? [{ mouseButton: MouseBindings.Auxiliary }] : name === ZOOM ? [{ mouseButton: MouseBindings.Secondary }] : [];
  group.setToolActive(name, { bindings: [...primary, ...extra] });
}

export function destroyToolGroup(id: string): void {
  ToolGroupManager.destroyToolGroup(id);
}
