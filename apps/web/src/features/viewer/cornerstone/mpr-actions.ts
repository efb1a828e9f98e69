import { cache, utilities, type Types } from '@cornerstonejs/core';
import { ToolGroupManager } from '@cornerstonejs/tools';
import { autoRange, presetRange, type WindowPreset } from '../lib/wl-presets';
import { PRIMARY_TOOLS } from './tool-group';

type Volume = Types.IVolumeViewport;

/** One volume, three planes: a window applies to all of them, as the reader expects of one series. */
export function applyPresetAll(viewports: Volume[], preset: WindowPreset): void {
  setVoiAll(viewports, presetRange(preset));
}

function setVoiAll(viewports: Volume[], voiRange: Types.VOIRange): void {
  for (const vp of viewports) {
    vp.setProperties({ voiRange });
    vp.render();
  }
}

/** Auto window from 65,536 voxels spread over the volume (MR). */
export function applyAutoWindowAll(viewports: Volume[]): void {
  const volumeId = viewports[0]?.getVolumeId();
  const volume = volumeId ? cache.getVolume(volumeId) : undefined;
  const voxels = volume?.voxelManager;
  if (!voxels) return;
  const total = voxels.getScalarDataLength();
  const n = Math.min(total, 65_536);
  const sample = new Float32Array(n);
  for (let i = 0; i < n; i++) sample[i] = Number(voxels.getAtIndex(Math.floor((i * total) / n)));
  const range = autoRange(sample);
  if (range) setVoiAll(viewports, range);
}

export function toggleInvertAll(viewports: Volume[]): void {
  const invert = !viewports[0]?.getProperties()?.invert;
  for (const vp of viewports) {
    vp.setProperties({ invert });
    vp.render();
  }
}

/** Fit: each plane whole in its viewport again; window and crosshairs stay. */
export function fitAll(viewports: Volume[]): void {
  for (const vp of viewports) {
    vp.resetCamera();
    vp.render();
  }
}

/** Reset: cameras, windows and the crosshairs centre as first shown. */
export function resetAll(viewports: Volume[], toolGroupId: string): void {
  for (const vp of viewports) {
    vp.resetCamera();
    vp.resetProperties();
    vp.render();
  }
  const crosshairs = ToolGroupManager.getToolGroup(toolGroupId)?.getToolInstance(PRIMARY_TOOLS.crosshairs) as
    { resetCrosshairs?: () => void } | undefined;
  crosshairs?.resetCrosshairs?.();
}

// Cornerstone's scroll() is typed for its generic viewports; a volume viewport is one at run time.
const scroll = (vp: Volume, delta: number) => utilities.scroll(vp as unknown as Types.IViewport, { delta });

type Crosshairs = { toolCenter?: Types.Point3; setToolCenter?: (center: Types.Point3) => void };
const crosshairsOf = (toolGroupId: string) =>
  ToolGroupManager.getToolGroup(toolGroupId)?.getToolInstance(PRIMARY_TOOLS.crosshairs) as Crosshairs | undefined;

/** Where the crosshairs meet, measured along `normal` (mm): the stack slice to come back to. */
export function crosshairsDistance(toolGroupId: string, normal: readonly number[]): number | null {
  const c = crosshairsOf(toolGroupId)?.toolCenter;
  return c ? c[0] * normal[0]! + c[1] * normal[1]! + c[2] * normal[2]! : null;
}

/** Moves the crosshairs (and with them the planes across `normal`) to `distance` along it: the stack's slice. */
export function moveCrosshairsTo(toolGroupId: string, normal: readonly number[], distance: number): void {
  const tool = crosshairsOf(toolGroupId);
  const c = tool?.toolCenter;
  if (!tool?.setToolCenter || !c) return;
  const shift = distance - (c[0] * normal[0]! + c[1] * normal[1]! + c[2] * normal[2]!);
  tool.setToolCenter([c[0] + shift * normal[0]!, c[1] + shift * normal[1]!, c[2] + shift * normal[2]!]);
}

export function scrollPlane(vp: Volume, delta: number): void {
  scroll(vp, delta);
}

/** Home/End on a plane: its first or last slice. */
export function scrollPlaneToEnd(vp: Volume, to: 'first' | 'last'): void {
  const count = vp.getNumberOfSlices();
  const index = vp.getSliceIndex();
  scroll(vp, to === 'first' ? -index : count - 1 - index);
}
