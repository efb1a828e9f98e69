import type { DataSet } from 'dicom-parser';
import { TS } from '../parse/read-instance';
import { CODEC_SYNTAXES, decodeCompressedFrame, frameBytes, parseBytes } from '../thumbnails/decode-frame';
import { decodeRleToNative } from '../thumbnails/rle';
import { datasetOffset } from '../parse/dataset-offset';

/** Encapsulated transfer syntaxes whose images can be sent decompressed (RLE, JPEG 8-bit, JPEG-LS, JPEG 2000). */
export const DECOMPRESSIBLE: ReadonlySet<string> = new Set([TS.rle, ...CODEC_SYNTAXES]);

/** A byte range of the file replaced by other bytes. */
interface Splice {
  start: number;
  end: number;
  bytes: Buffer;
}

/**
 * The data set of a stored compressed image as explicit VR little endian, for a peer that takes only uncompressed
 * images (C-GET, C-MOVE). Every encapsulated transfer syntax writes the other attributes in explicit VR little endian
 * already, so only Pixel Data is rewritten (every frame decoded, samples interleaved), with PlanarConfiguration 0 and,
 * where a codec turned YBR into RGB, PhotometricInterpretation RGB. A lossy image stays marked lossy
 * (LossyImageCompression is kept). Null when it cannot be (another syntax, a decoder failure, sizes that disagree).
 */
export async function toExplicitLittle(file: Buffer): Promise<Buffer | null> {
  let parsed;
  try {
    parsed = parseBytes(file);
  } catch {
    return null;
  }
  const { ds, ts } = parsed;
  const px = ds.elements.x7fe00010;
  const g = nativeGeometry(ds, ts);
  if (!g || !px) return null;
  const { samples, bits, frames, frameSize, photometric } = g;
  const native = Buffer.alloc(frames * frameSize + ((frames * frameSize) % 2));
  let codecMadeRgb = false;
  for (let f = 0; f < frames; f++) {
    const decoded = await decodeInto(ds, ts, g, f, native.subarray(f * frameSize, (f + 1) * frameSize));
    if (decoded === null) return null;
    codecMadeRgb ||= decoded;
  }
  const start = px.dataOffset - 12;
  const end = endOfEncapsulated(file, px.dataOffset);
  const head = datasetOffset(file);
  if (end === null || typeof head !== 'number' || start < head) return null;

  const header = Buffer.alloc(12);
  header.writeUInt16LE(0x7fe0, 0);
  header.writeUInt16LE(0x0010, 2);
  header.write(bits === 8 ? 'OB' : 'OW', 4, 'latin1');
  header.writeUInt32LE(native.length, 8);
  const splices: Splice[] = [{ start, end, bytes: Buffer.concat([header, native]) }];
  const planar = ds.elements.x00280006;
  if (samples > 1 && planar?.length === 2)
    splices.push({ start: planar.dataOffset, end: planar.dataOffset + 2, bytes: Buffer.alloc(2) });
  const pi = ds.elements.x00280004;
  if (codecMadeRgb && photometric.startsWith('YBR') && pi) {
    // CS in explicit VR: a 2-byte length just before the value.
    const value = Buffer.from('RGB ', 'latin1');
    const length = Buffer.alloc(2);
    length.writeUInt16LE(value.length, 0);
    splices.push({ start: pi.dataOffset - 2, end: pi.dataOffset + pi.length, bytes: Buffer.concat([length, value]) });
  }
  return spliced(file, head, splices);
}

/** What decoding a compressed image needs of its data set; null for an image the decoders do not write natively. */
interface NativeGeometry {
  rows: number;
  cols: number;
  bits: number;
  samples: number;
  frames: number;
  frameSize: number;
  photometric: string;
}

function nativeGeometry(ds: DataSet, ts: string): NativeGeometry | null {
  const px = ds.elements.x7fe00010;
  const rows = ds.uint16('x00280010') ?? 0;
  const cols = ds.uint16('x00280011') ?? 0;
  const bits = ds.uint16('x00280100') ?? 0;
  const samples = ds.uint16('x00280002') ?? 1;
  const frames = Math.max(1, ds.intString('x00280008') ?? 1);
  const photometric = (ds.string('x00280004') ?? '').trim().toUpperCase();
  if (
    !DECOMPRESSIBLE.has(ts) ||
    !px?.encapsulatedPixelData ||
    ![8, 16, 32].includes(bits) ||
    !rows ||
    !cols ||
    (samples !== 1 && samples !== 3)
  )
    return null;
  return { rows, cols, bits, samples, frames, frameSize: rows * cols * samples * (bits / 8), photometric };
}

/**
 * Frame `f` (0-based) decoded into `out` as native little-endian samples, interleaved; true when the codec gave RGB
 * (a YBR image turned into RGB), null when it cannot be decoded or disagrees with the data set.
 */
async function decodeInto(ds: DataSet, ts: string, g: NativeGeometry, f: number, out: Buffer): Promise<boolean | null> {
  try {
    const encoded = frameBytes(ds, ds.elements.x7fe00010!, f, g.frames);
    if (ts === TS.rle) {
      decodeRleToNative(encoded, g.rows * g.cols, g.samples, g.bits, out);
      return false;
    }
    const d = await decodeCompressedFrame(ts, encoded);
    const bytesPerSample = d.bits > 8 ? 2 : 1;
    if (
      d.width !== g.cols ||
      d.height !== g.rows ||
      d.components !== g.samples ||
      bytesPerSample * 8 !== g.bits ||
      d.bytes.length < g.frameSize
    )
      return null;
    out.set(d.bytes.subarray(0, g.frameSize));
    return g.samples === 3;
  } catch {
    return null;
  }
}

/**
 * One frame (1-based `n`) of a compressed image decoded to native little-endian samples, interleaved, for WADO-RS
 * frames asked uncompressed (PS3.18 §8.7.3.5.2); `rgb` when a codec turned YBR into RGB. Null when it cannot be.
 */
export async function decodeFrameToNative(
  ds: DataSet,
  ts: string,
  n: number,
): Promise<{ bytes: Buffer; rgb: boolean } | null> {
  const g = nativeGeometry(ds, ts);
  if (!g || n < 1 || n > g.frames) return null;
  const bytes = Buffer.alloc(g.frameSize);
  const rgb = await decodeInto(ds, ts, g, n - 1, bytes);
  return rgb === null ? null : { bytes, rgb };
}

/** The file from `from` on, with the ranges replaced. */
function spliced(file: Buffer, from: number, splices: Splice[]): Buffer {
  const parts: Buffer[] = [];
  let at = from;
  for (const s of [...splices].sort((a, b) => a.start - b.start)) {
    parts.push(file.subarray(at, s.start), s.bytes);
    at = s.end;
  }
  parts.push(file.subarray(at));
  return Buffer.concat(parts);
}

/** The offset just past the sequence delimiter of an encapsulated Pixel Data whose items start at `pos`. */
function endOfEncapsulated(b: Buffer, pos: number): number | null {
  while (pos + 8 <= b.length) {
    const group = b.readUInt16LE(pos);
    const element = b.readUInt16LE(pos + 2);
    const length = b.readUInt32LE(pos + 4);
    if (group !== 0xfffe) return null;
    if (element === 0xe0dd) return pos + 8;
    pos += 8 + length;
  }
  return null;
}
