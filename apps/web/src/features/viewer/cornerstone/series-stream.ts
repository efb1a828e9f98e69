import { cache, imageLoader } from '@cornerstonejs/core';
import { prefetchPart10Instance } from '@cornerstonejs/dicom-image-loader';
import { boundaryOf, MultipartReader } from '../lib/multipart-reader';
import { baseImageId } from './image-ids';

/** Decodes running at once while the stream goes on: enough to keep the workers busy, few enough to bound memory. */
const DECODES_IN_FLIGHT = 4;

/**
 * The whole series in one WADO-RS retrieve (multipart/related of the stored files, each part naming its instance in
 * Content-Location) instead of one request per image: the server authorises, looks up and audits once, not 300 times.
 * Each file is handed to Cornerstone as if its wadouri request had answered (`prefetchPart10Instance`), then decoded
 * into the cache. Images already cached or loading are skipped. Throws when the retrieve is refused or is not multipart;
 * the caller then loads what is missing image by image.
 */
export async function streamSeries(
  url: string,
  imageIds: string[],
  signal: AbortSignal,
  onEach: (imageId: string, ok: boolean) => void,
): Promise<void> {
  const bySop = new Map<string, string[]>();
  for (const id of imageIds) {
    const sop = /[?&]objectUID=([0-9.]+)/.exec(id)?.[1];
    if (sop) bySop.set(sop, [...(bySop.get(sop) ?? []), id]);
  }
  const res = await fetch(url, {
    // As stored: Cornerstone decodes every syntax itself, and without `*` the server decompresses (PS3.18's default).
    headers: { Accept: 'multipart/related; type="application/dicom"; transfer-syntax=*' },
    credentials: 'same-origin',
    signal,
  });
  const boundary = boundaryOf(res.headers.get('content-type'));
  if (!res.ok || !res.body || !boundary) throw new Error(`series retrieve: ${res.status}`);
  const reader = new MultipartReader(boundary);
  const inFlight = new Set<Promise<void>>();
  const decode = (id: string) => {
    const p = imageLoader
      .loadAndCacheImage(id)
      .then(
        () => onEach(id, true),
        () => onEach(id, false),
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const body = res.body.getReader();
  for (;;) {
    const { done, value } = await body.read();
    if (done || signal.aborted) break;
    for (const part of reader.push(value)) {
      const sop = /\/instances\/([0-9.]+)\/?$/.exec(part.headers['content-location'] ?? '')?.[1];
      const ids = sop ? bySop.get(sop) : undefined;
      if (!ids) continue;
      const wanted = ids.filter((id) => !cache.getImageLoadObject(id));
      if (!wanted.length) continue;
      await prefetchPart10Instance(baseImageId(ids[0]!), part.body);
      for (const id of wanted) {
        while (inFlight.size >= DECODES_IN_FLIGHT) await Promise.race(inFlight);
        if (signal.aborted) return;
        decode(id);
      }
    }
  }
  await Promise.all(inFlight);
}
