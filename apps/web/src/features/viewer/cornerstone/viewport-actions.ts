import { cache, type Types } from '@cornerstonejs/core';
import { autoRange, presetRange, type WindowPreset } from '../lib/wl-presets';

type Stack = Types.IStackViewport;

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

export function flip(vp: Stack, direction: 'horizontal' | 'vertical'): void {
  const camera = vp.getCamera();
  vp.setCamera(
    direction === 'horizontal' ? { flipHorizontal: !camera.flipHorizontal } : { flipVertical: !camera.flipVertical },
  );
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
  vp.setViewPresentation({ rotation: 0, flipHorizontal: false, flipVertical: false });
  vp.resetProperties();
  vp.render();
}

export function scrollTo(vp: Stack, index: number): void {
  const n = vp.getImageIds().length;
  if (n === 0) return;
  void vp.setImageIdIndex(Math.max(0, Math.min(n - 1, index))).catch(() => undefined);
}
