import { imageLoader } from '@cornerstonejs/core';

/**
 * Loads images into Cornerstone's cache one request each, nearest the shown slice first so scrolling from where the
 * reader is never waits; a few at a time (the decoding happens in the workers). What the series stream did not bring.
 * Calls `onEach(imageId, ok)` after each image; stops when `signal` aborts.
 */
export async function prefetchStack(
  imageIds: string[],
  from: number,
  signal: AbortSignal,
  onEach: (imageId: string, ok: boolean) => void,
  concurrency = 6,
): Promise<void> {
  const order = imageIds
    .map((id, i) => ({ id, d: Math.abs(i - from) + (i < from ? 0.5 : 0) }))
    .sort((a, b) => a.d - b.d)
    .map((x) => x.id);
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < order.length) {
      const id = order[next++]!;
      let ok = true;
      try {
        await imageLoader.loadAndCacheImage(id);
      } catch {
        ok = false;
      }
      if (!signal.aborted) onEach(id, ok);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, order.length) }, worker));
}
