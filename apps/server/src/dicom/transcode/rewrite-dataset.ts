import type { Readable } from 'node:stream';
import { TS } from '../uids';
import { inflateLimit } from '../parse/inflate-limits';
import { dataSetInflater } from '../parse/inflater';
import { bigToLittle } from './big-to-little';
import { datasetOffset } from '../parse/dataset-offset';
import { explicitToImplicit } from './explicit-to-implicit';
import { implicitToExplicit } from './implicit-to-explicit';
import { DECOMPRESSIBLE, toExplicitLittle } from './to-native';

/** How a stored data set is rewritten for a peer that did not take its own transfer syntax. */
export type Rewrite =
  | 'decompress'
  | 'decompress-implicit'
  | 'implicit'
  | 'explicit'
  | 'little'
  | 'little-implicit'
  | 'inflate'
  | 'inflate-implicit';

/** A file is rewritten (decompressed, or put in the other VR encoding) in memory up to this size. */
export const MAX_REWRITE_SOURCE = 64 << 20;

/**
 * How a file stored in `stored` can be sent in `wanted` (explicit or implicit VR little endian): decompressed, put in
 * the other VR encoding, (explicit VR big endian) byte-swapped, or (deflated) inflated; null when it cannot (another
 * target, a syntax without a decoder).
 */
export function rewriteTo(stored: string, wanted: string): Rewrite | null {
  if (wanted !== TS.explicitLE && wanted !== TS.implicitLE) return null;
  const implicit = wanted === TS.implicitLE;
  if (DECOMPRESSIBLE.has(stored)) return implicit ? 'decompress-implicit' : 'decompress';
  if (stored === TS.explicitBE) return implicit ? 'little-implicit' : 'little';
  if (stored === TS.deflate) return implicit ? 'inflate-implicit' : 'inflate';
  if (stored === (implicit ? TS.explicitLE : TS.implicitLE)) return implicit ? 'implicit' : 'explicit';
  return null;
}

/** The whole stored file read and its data set rewritten; null when it cannot be (too large, undecodable). */
export async function rewriteStored(file: Readable, how: Rewrite): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REWRITE_SOURCE) {
      file.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  const whole = Buffer.concat(chunks);
  if (how === 'inflate' || how === 'inflate-implicit') return inflated(whole, how === 'inflate-implicit');
  if (how === 'implicit' || how === 'explicit' || how === 'little' || how === 'little-implicit') {
    const at = datasetOffset(whole);
    if (typeof at !== 'number') return null;
    const dataset = whole.subarray(at);
    if (how === 'implicit') return explicitToImplicit(dataset);
    if (how === 'explicit') return implicitToExplicit(dataset);
    const little = bigToLittle(dataset);
    return little && how === 'little-implicit' ? explicitToImplicit(little) : little;
  }
  const native = await toExplicitLittle(whole);
  return native && how === 'decompress-implicit' ? explicitToImplicit(native) : native;
}

/**
 * A deflated file's data set inflated (PS3.5 A.5: it is explicit VR little endian once inflated), on the inflater's
 * thread and within the limit of docs/decisions/sec30-inflate-bomb.md, capped like any rewrite at MAX_REWRITE_SOURCE:
 * a bomb stored before that limit existed costs at most that much and is not sent (io12).
 */
async function inflated(whole: Buffer, implicit: boolean): Promise<Buffer | null> {
  const at = datasetOffset(whole);
  if (typeof at !== 'number') return null;
  const deflated = whole.subarray(at);
  const outcome = await dataSetInflater.inflate(deflated, inflateLimit(deflated.length, MAX_REWRITE_SOURCE));
  if (!outcome.ok) return null;
  return implicit ? explicitToImplicit(outcome.bytes) : outcome.bytes;
}
