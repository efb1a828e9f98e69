import type { DataSet } from 'dicom-parser';
import { frameBytes } from '../thumbnails/decode-frame';
import { TS } from '../parse/read-instance';
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

/**
 * The Content-Type of the frames of an instance stored in `ts`, if the client accepts them as stored (frames are
 * never transcoded): application/octet-stream for native little endian data or with transfer-syntax=* / the stored
 * syntax, or the compressed syntax's own image type.
 */
export function frameContentType(ranges: MediaRange[], ts: string): string | null {
  const littleNative = NATIVE.has(ts) && ts !== TS.explicitBig;
  const partTs = littleNative ? TS.explicitLittle : ts;
  for (const r of ranges) {
    if (r.type !== 'multipart/related' && r.type !== '*/*') continue;
    const type = (r.params.type ?? 'application/octet-stream').toLowerCase();
    const wanted = r.params['transfer-syntax'];
    if (type === 'application/octet-stream') {
      if (wanted === '*' || wanted === ts || (littleNative && (wanted === undefined || wanted === TS.explicitLittle))) {
        return `application/octet-stream; transfer-syntax=${partTs}`;
      }
      continue;
    }
    if (FRAME_TYPES[ts] === type && (wanted === undefined || wanted === '*' || wanted === ts))
      return `${type}; transfer-syntax=${ts}`;
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
