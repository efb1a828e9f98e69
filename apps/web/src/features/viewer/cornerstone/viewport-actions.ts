import { cache, type Types } from '@cornerstonejs/core';
import { autoRange, presetRange, type WindowPreset } from '../lib/wl-presets';

type Stack = Types.IStackViewport;
type Flips = { flipHorizontal: boolean; flipVertical: boolean };

/** The flips a viewport was hung with (mammography, decision V16): reset returns to them, not to the stored image. */
const hangings = new WeakMap<Stack, Flips>();

export function setHanging(vp: Stack, flips: Flips): void {
  hangings.set(vp, flips);
}

export function applyPreset(vp: Stack, preset: WindowPreset): void {
  vp.setProperties({ voiRange: presetRange(preset) });
  vp.render();
}

/** Auto window from the shown image's own values (MR, or when the stored window is poor). */
export function applyAutoWindow(vp: Stack): void {
  const image = cache.getImage(vp.getCurrentImageId());
  if (!image) return;
  const scaled = Boolean(image.preScale?.scaled);
  const range = autoRange(image.getPixelData(), scaled ? 1 : image.slope, scaled ? 0 : image.intercept);
  if (!range) return;
  vp.setProperties({ voiRange: range });
  vp.render();
}

export function toggleInvert(vp: Stack): void {
  vp.setProperties({ invert: !vp.getProperties().invert });
  vp.render();
}

export function rotate(vp: Stack, degrees: number): void {
  const current = vp.getViewPresentation().rotation ?? 0;
  vp.setViewPresentation({ rotation: (((current + degrees) % 360) + 360) % 360 });
  vp.render();
}

/**
 * Which way one screen pixel right and one down go in the shown image's pixels (column, row), read through the
 * viewport's own canvas-to-world mapping: flips, rotation, zoom and pan are all in it, on the CPU path as on WebGL.
 */
export function screenAxes(
  vp: Stack,
  at: [number, number] = [0, 0],
): { right: [number, number]; down: [number, number] } | null {
  try {
    const data = vp.getImageData();
    if (!data) return null;
    const { direction, spacing } = data;
    const c = vp.canvasToWorld(at);
    const toPixels = (p: Types.Point3): [number, number] => {
      const d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]] as const;
      return [
        (d[0] * direction[0] + d[1] * direction[1] + d[2] * direction[2]) / spacing[0],
        (d[0] * direction[3] + d[1] * direction[4] + d[2] * direction[5]) / spacing[1],
      ];
    };
    return {
      right: toPixels(vp.canvasToWorld([at[0] + 1, at[1]])),
      down: toPixels(vp.canvasToWorld([at[0], at[1] + 1])),
    };
  } catch {
    return null;
  }
}

const reversed = (a: [number, number], b: [number, number]) => a[0] * b[0] + a[1] * b[1] < 0;

function toggle(vp: Stack, direction: 'horizontal' | 'vertical'): void {
  const camera = vp.getCamera();
  vp.setCamera(
    direction === 'horizontal' ? { flipHorizontal: !camera.flipHorizontal } : { flipVertical: !camera.flipVertical },
  );
}

/**
 * Mirrors the image as the reader sees it: left-right or top-bottom on the screen. Cornerstone's CPU path flips in
 * the image's own axes (before rotation), WebGL on the screen's: after a quarter turn the other flip is the one meant.
 */
export function flip(vp: Stack, direction: 'horizontal' | 'vertical'): void {
  const before = screenAxes(vp);
  toggle(vp, direction);
  const after = screenAxes(vp);
  if (before && after) {
    const axis = direction === 'horizontal' ? 'right' : 'down';
    if (!reversed(before[axis], after[axis])) {
      toggle(vp, direction);
      toggle(vp, direction === 'horizontal' ? 'vertical' : 'horizontal');
    }
  }
  vp.render();
}

/** Fit: the whole image in the viewport again, keeping window, rotation and flips. */
export function fit(vp: Stack): void {
  const { rotation, flipHorizontal, flipVertical } = vp.getViewPresentation();
  vp.resetCamera();
  vp.setViewPresentation({ rotation, flipHorizontal, flipVertical });
  vp.render();
}

/** Reset: as first shown — camera, window, invert. Measurements stay (they are the reader's work). */
export function resetView(vp: Stack): void {
  vp.resetCamera();
  vp.setViewPresentation({ rotation: 0 });
  // Flips through the camera: on the CPU path setViewPresentation does not undo them.
  vp.setCamera(hangings.get(vp) ?? { flipHorizontal: false, flipVertical: false });
  vp.resetProperties();
  vp.render();
}

export function scrollTo(vp: Stack, index: number): void {
  const n = vp.getImageIds().length;
  if (n === 0) return;
  void vp.setImageIdIndex(Math.max(0, Math.min(n - 1, index))).catch(() => undefined);
}
