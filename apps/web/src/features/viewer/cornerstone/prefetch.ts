import { imageLoader } from '@cornerstonejs/core';

/**
 * Loads the rest of the stack into Cornerstone's cache in the background, nearest the shown slice first so
 * scrolling from where the reader is never waits; a few at a time (the decoding happens in the workers).
 * Calls `onProgress(done, failed)` after each image; stops when `signal` aborts.
 */
export async function prefetchStack(imageIds: string[], from: number, signal: AbortSignal, onProgress: (done: number, failed: string[]) => void, concurrency = 6): Promise<void> {
  const order = imageIds.map((id, i) => ({ id, d: Math.abs(i - from) + (i < from ? 0.5 : 0) })).sort((a, b) => a.d - b.d).map((x) => x.id);
  let next = 0;
  let done = 0;
  const failed: string[] = [];
  const worker = async () => {
    while (!signal.aborted && next < order.length) {
      const id = order[next++]!;
      try {
        await imageLoader.loadAndCacheImage(id);
      } catch {
        failed.push(id);
      }
      done += 1;
      if (!signal.aborted) onProgress(done, failed);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, order.length) }, worker));
}
