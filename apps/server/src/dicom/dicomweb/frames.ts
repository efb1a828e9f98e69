import type { DataSet } from 'dicom-parser';
import { frameBytes } from '../thumbnails/decode-frame';
import { TS } from '../parse/read-instance';
import { decodeFrameToNative, DECOMPRESSIBLE } from '../transcode/to-native';
import type { MediaRange } from './media-type';

/** Media type of a compressed frame per transfer syntax (PS3.18 Table 8.7.3-2). */
const FRAME_TYPES: Record<string, string> = {
  '1.2.840.10008.1.2.4.50': 'image/jpeg',
  '1.2.840.10008.1.2.4.51': 'image/jpeg',
  '1.2.840.10008.1.2.4.57': 'image/jpeg',
  '1.2.840.10008.1.2.4.70': 'image/jpeg',
  '1.2.840.10008.1.2.4.80': 'image/jls',
  '1.2.840.10008.1.2.4.81': 'image/jls',
  '1.2.840.10008.1.2.4.90': 'image/jp2',
  '1.2.840.10008.1.2.4.91': 'image/jp2',
  '1.2.840.10008.1.2.5': 'image/x-dicom-rle',
};
const NATIVE = new Set<string>([TS.implicitLittle, TS.explicitLittle, TS.deflated, TS.explicitBig]);
const OCTET = 'application/octet-stream';

/** How frames go: as stored, or decoded to native little-endian samples (from a compressed or big endian image). */
export interface FrameDelivery {
  contentType: string;
  /** 'decode': a codec's output; 'swap': big endian samples turned little endian; null: the stored bytes. */
  convert: 'decode' | 'swap' | null;
}

/**
 * How the frames of an instance stored in `ts` answer the Accept ranges (PS3.18 §8.7.3.5.2, Table 8.7.3-2):
 * application/octet-stream with no transfer-syntax is explicit VR little endian, uncompressed, decoded here from every
 * codec the server reads; `*` or the stored syntax gives the stored bytes; a compressed image type only its own
 * syntax (nothing is encoded). Null when no range can be met. The Content-Type names the syntax actually sent.
 */
export function negotiateFrames(ranges: MediaRange[], ts: string): FrameDelivery | null {
  const littleNative = NATIVE.has(ts) && ts !== TS.explicitBig;
  for (const r of ranges) {
    if (r.type !== 'multipart/related' && r.type !== '*/*' && r.type !== 'multipart/*') continue;
    const type = (r.type === 'multipart/related' ? r.params.type : undefined)?.toLowerCase() ?? OCTET;
    const wanted = r.params['transfer-syntax']?.trim() || undefined;
    if (type === OCTET) {
      if (wanted === '*' || wanted === ts)
        return { contentType: `${OCTET}; transfer-syntax=${littleNative ? TS.explicitLittle : ts}`, convert: null };
      if (wanted !== undefined && wanted !== TS.explicitLittle && wanted !== TS.implicitLittle) continue;
      // Native pixel bytes are the same in either VR encoding: only the name differs.
      const sent = wanted ?? TS.explicitLittle;
      if (littleNative) return { contentType: `${OCTET}; transfer-syntax=${sent}`, convert: null };
      if (ts === TS.explicitBig) return { contentType: `${OCTET}; transfer-syntax=${sent}`, convert: 'swap' };
      if (DECOMPRESSIBLE.has(ts)) return { contentType: `${OCTET}; transfer-syntax=${sent}`, convert: 'decode' };
      continue;
    }
    if (FRAME_TYPES[ts] === type && (wanted === undefined || wanted === '*' || wanted === ts))
      return { contentType: `${type}; transfer-syntax=${ts}`, convert: null };
  }
  return null;
}

/** Frame numbers of a request path ("1", "2,5,7"): 1-based, at most 1000, no repeats. */
export function parseFrameList(text: string): number[] | null {
  if (!/^\d{1,6}(,\d{1,6}){0,999}$/.test(text)) return null;
  const list = text.split(',').map(Number);
  return list.every((n) => n >= 1) ? list : null;
}

/** The bytes of frame `n` (1-based), or null when the instance has fewer frames or no pixel data. */
export function readFrame(ds: DataSet, ts: string, n: number): Uint8Array | null {
  const px = ds.elements.x7fe00010;
  if (!px) return null;
  const frames = Math.max(1, ds.intString('x00280008') ?? 1);
  if (n > frames) return null;
  if (NATIVE.has(ts)) {
    const rows = ds.uint16('x00280010') ?? 0;
    const cols = ds.uint16('x00280011') ?? 0;
    const bits = ds.uint16('x00280100') ?? 0;
    const photometric = (ds.string('x00280004') ?? '').trim().toUpperCase();
    const samples = photometric.endsWith('422') ? 2 : (ds.uint16('x00280002') ?? 1);
    const size = Math.ceil((rows * cols * samples * bits) / 8);
    const start = px.dataOffset + (n - 1) * size;
    if (!size || start + size > ds.byteArray.length) return null;
    return ds.byteArray.subarray(start, start + size);
  }
  return frameBytes(ds, px, n - 1, frames);
}

/**
 * Frame `n` as `how` says: the stored bytes, decoded from its codec, or byte-swapped from big endian; null when the
 * frame is absent or cannot be converted.
 */
export async function deliverFrame(
  ds: DataSet,
  ts: string,
  n: number,
  convert: FrameDelivery['convert'],
): Promise<Uint8Array | null> {
  if (convert === 'decode') return (await decodeFrameToNative(ds, ts, n))?.bytes ?? null;
  const frame = readFrame(ds, ts, n);
  if (!frame || convert !== 'swap') return frame;
  const bits = ds.uint16('x00280100') ?? 0;
  if (bits === 8) return frame;
  if (bits !== 16 && bits !== 32) return null;
  const swapped = Buffer.from(frame);
  return bits === 16 ? swapped.swap16() : swapped.swap32();
}
