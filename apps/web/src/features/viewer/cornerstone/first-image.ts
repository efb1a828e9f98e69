import { imageLoader } from '@cornerstonejs/core';
import { prefetchPart10Instance } from '@cornerstonejs/dicom-image-loader';
import { earlyFirstImageId, takeEarly } from '../lib/early-fetch';
import { baseImageId, urlOfImageId } from './image-ids';
import { initCornerstone } from './init-cornerstone';

/**
 * Run when the viewer's chunk is evaluated, before React renders it (decision V14): Cornerstone starts (its decode
 * workers load meanwhile) and the first slice, fetched early by the route page, is handed to the loader and decoded
 * into the cache, so the viewport finds it there. Failures are left to the viewport's own load, which reports them.
 */
export function warmFirstImage(): void {
  void (async () => {
    await initCornerstone();
    const imageId = await earlyFirstImageId();
    if (!imageId) return;
    const early = takeEarly(urlOfImageId(imageId));
    const bytes = early ? await early : null;
    if (bytes) await prefetchPart10Instance(baseImageId(imageId), bytes);
    await imageLoader.loadAndCacheImage(imageId);
  })().catch(() => undefined);
}
