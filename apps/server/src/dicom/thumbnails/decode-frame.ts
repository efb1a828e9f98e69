import { createRequire } from 'node:module';
import fsp from 'node:fs/promises';
import dicomParser, { type DataSet, type Element } from 'dicom-parser';
import { inflateLimit, inflateRefusal } from '../parse/inflate-limits';
import { dataSetInflater } from '../parse/inflater';
import { readMetaHeader } from '../parse/meta-header';
import { metaEnd, TS } from '../parse/read-instance';
import { decodeJpeg12, jpegPrecision } from './jpeg12';
import { decodeRle } from './rle';

/** One decoded frame: grey values after the modality LUT, or 8-bit RGB. */
export type Frame =
  | {
      kind: 'grey';
      width: number;
      height: number;
      values: Float32Array;
      monochrome1: boolean;
      window: { center: number; width: number } | null;
    }
  | { kind: 'rgb'; width: number; height: number; rgb: Uint8Array };

export class UnsupportedImage extends Error {}

interface Codec {
  getEncodedBuffer(length: number): Uint8Array;
  getDecodedBuffer(): Uint8Array;
  decode(): void;
  getFrameInfo(): { width: number; height: number; bitsPerSample: number; componentCount: number; isSigned?: boolean };
  delete(): void;
  readHeader?(): void;
  decodeSubResolution?(level: number, layer: number): void;
  getNumDecompositions?(): number;
  calculateSizeAtDecompositionLevel?(level: number): { width: number; height: number };
}
interface CodecModule {
  [name: string]: new () => Codec;
}

const require = createRequire(import.meta.url);
const modules = new Map<string, Promise<CodecModule>>();

/** The Cornerstone WASM decoders, loaded once each on first use (about 40 ms). */
function codec(name: 'jpeg' | 'jpegls' | 'j2k'): Promise<CodecModule> {
  let m = modules.get(name);
  if (!m) {
    const file =
      name === 'jpeg'
        ? '@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasmjs'
        : name === 'jpegls'
          ? '@cornerstonejs/codec-charls/decodewasmjs'
          : '@cornerstonejs/codec-openjpeg/decodewasmjs';
    const factory = require(file) as (opts: object) => Promise<CodecModule>;
    m = factory({ print: () => undefined, printErr: () => undefined });
    modules.set(name, m);
  }
  return m;
}

const JPEG_8BIT = new Set(['1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.4.57', '1.2.840.10008.1.2.4.70']);
const JPEG_LS = new Set(['1.2.840.10008.1.2.4.80', '1.2.840.10008.1.2.4.81']);
const J2K = new Set(['1.2.840.10008.1.2.4.90', '1.2.840.10008.1.2.4.91']);
/** JPEG extended (process 2/4): 8-bit frames go to libjpeg-turbo, 12-bit ones to the JavaScript decoder. */
const JPEG_EXTENDED = '1.2.840.10008.1.2.4.51';

/** A whole stored instance, parsed, with its transfer syntax (thumbnails are made from one instance per series). */
export interface ParsedFile {
  ds: DataSet;
  ts: string;
}

export async function parseFile(path: string): Promise<ParsedFile> {
  return parseWhole(await fsp.readFile(path));
}

/** The meta header read on its own: after inflation its offsets no longer point into the data set's buffer. */
function readMeta(bytes: Buffer): { buf: Buffer; ts: string; start: number } {
  const buf = bytes.toString('latin1', 128, 132) === 'DICM' ? bytes : Buffer.concat([Buffer.alloc(128), bytes]);
  const meta = readMetaHeader(buf);
  return { buf, ts: (meta.string('x00020010') ?? '').replace(/\0/g, '').trim(), start: metaEnd(meta) };
}

/** A whole Part-10 file parsed here, on the calling thread: never a deflated one (see parseWhole). */
export function parseBytes(bytes: Buffer): ParsedFile {
  const { buf, ts } = readMeta(bytes);
  if (ts === TS.deflated)
    throw new UnsupportedImage('a deflated data set is inflated on the inflater thread (parseWhole)');
  return { ds: dicomParser.parseDicom(buf), ts };
}

/**
 * A whole Part-10 file parsed, a deflated data set inflated on the inflater's thread within `maxInflated` and the
 * limit for its size (parse/inflate-limits.ts); past it, UnsupportedImage.
 */
export async function parseWhole(bytes: Buffer, maxInflated?: number): Promise<ParsedFile> {
  const { buf, ts, start } = readMeta(bytes);
  if (ts !== TS.deflated) return { ds: dicomParser.parseDicom(buf), ts };
  const limit = inflateLimit(buf.length - start, maxInflated);
  const inflated = await dataSetInflater.inflate(buf.subarray(start), limit);
  if (!inflated.ok)
    throw new UnsupportedImage(inflated.code === 'too-large' ? inflateRefusal(limit) : 'deflated data set is corrupt');
  return { ds: dicomParser.parseDicom(buf.subarray(0, start), { inflater: () => inflated.bytes }), ts };
}

/**
 * Decodes one frame (0-based `frameIndex`; the middle one by default, for a thumbnail); `targetSize` lets JPEG 2000
 * decode a lower resolution.
 */
export async function decodeFrame({ ds, ts }: ParsedFile, targetSize = 128, frameIndex?: number): Promise<Frame> {
  const px = ds.elements.x7fe00010;
  if (!px) throw new UnsupportedImage('no pixel data');
  const rows = ds.uint16('x00280010') ?? 0;
  const cols = ds.uint16('x00280011') ?? 0;
  const bits = ds.uint16('x00280100') ?? 0;
  const stored = ds.uint16('x00280101') ?? bits;
  const samples = ds.uint16('x00280002') ?? 1;
  const signed = ds.uint16('x00280103') === 1;
  const planar = ds.uint16('x00280006') === 1;
  const photometric = (ds.string('x00280004') ?? 'MONOCHROME2').trim().toUpperCase();
  const frames = Math.max(1, ds.intString('x00280008') ?? 1);
  if (!rows || !cols || !bits) throw new UnsupportedImage('no image size');
  if (photometric === 'PALETTE COLOR') throw new UnsupportedImage('palette colour');
  if (frameIndex !== undefined && (!Number.isInteger(frameIndex) || frameIndex < 0 || frameIndex >= frames))
    throw new UnsupportedImage('no such frame');
  frameIndex ??= Math.floor((frames - 1) / 2);

  if (ts === TS.implicitLittle || ts === TS.explicitLittle || ts === TS.explicitBig || ts === TS.deflated) {
    const perPixel = photometric.endsWith('422') ? 2 : samples;
    const frameBytes = Math.ceil((rows * cols * perPixel * bits) / 8);
    const start = px.dataOffset + frameIndex * frameBytes;
    if (start + frameBytes > ds.byteArray.length) throw new UnsupportedImage('pixel data too short');
    const raw = ds.byteArray.subarray(start, start + frameBytes);
    if (photometric.endsWith('422') && bits === 8) return rgbFrame(cols, rows, ybr422ToRgb(raw, cols * rows));
    const values = readNative(raw, rows * cols * samples, bits, signed, ts === TS.explicitBig);
    return samples === 1
      ? greyFrame(ds, cols, rows, values, stored, signed)
      : colourFrame(cols, rows, values, planar, photometric, bits, stored);
  }

  const encoded = frameBytes(ds, px, frameIndex, frames);
  if (ts === TS.rle) {
    const values = decodeRle(encoded, rows * cols, samples, bits, signed);
    // RLE segments are planar by definition: one plane per sample.
    return samples === 1
      ? greyFrame(ds, cols, rows, values, stored, signed)
      : colourFrame(cols, rows, values, true, photometric, bits, stored);
  }
  const decoded = await decodeCompressedFrame(ts, encoded, targetSize);
  const count = decoded.width * decoded.height * decoded.components;
  const values = readNative(decoded.bytes, count, decoded.bits > 8 ? 16 : 8, signed && decoded.bits > 8, false);
  if (decoded.components === 1)
    return greyFrame(ds, decoded.width, decoded.height, values, Math.min(stored, decoded.bits), signed);
  // Colour codecs return interleaved RGB (YBR is converted by the decoder).
  return colourFrame(decoded.width, decoded.height, values, false, 'RGB', decoded.bits > 8 ? 16 : 8, decoded.bits);
}

/** A frame decoded by a codec: its stored sample values as bytes (little endian above 8 bits; colour interleaved RGB). */
export interface DecodedFrame {
  width: number;
  height: number;
  bits: number;
  components: number;
  signed: boolean;
  bytes: Uint8Array;
}

/** The transfer syntaxes decodeCompressedFrame reads. */
export const CODEC_SYNTAXES: ReadonlySet<string> = new Set([...JPEG_8BIT, JPEG_EXTENDED, ...JPEG_LS, ...J2K]);

/**
 * One encapsulated JPEG, JPEG-LS or JPEG 2000 frame decoded: at full size, or for JPEG 2000 at the lowest resolution
 * not smaller than targetSize when one is given.
 */
export async function decodeCompressedFrame(
  ts: string,
  encoded: Uint8Array,
  targetSize?: number,
): Promise<DecodedFrame> {
  if (JPEG_8BIT.has(ts)) return runCodec(await codec('jpeg'), 'JPEGDecoder', encoded);
  if (ts === JPEG_EXTENDED) {
    const precision = jpegPrecision(encoded);
    if (precision === 8) return runCodec(await codec('jpeg'), 'JPEGDecoder', encoded);
    if (precision !== 12) throw new UnsupportedImage(`JPEG precision ${precision ?? 'unknown'}`);
    try {
      return await decodeJpeg12(encoded);
    } catch (err) {
      throw new UnsupportedImage(
        `decoder failed: ${typeof err === 'string' ? err : ((err as Error)?.message ?? 'unknown')}`,
      );
    }
  }
  if (JPEG_LS.has(ts)) return runCodec(await codec('jpegls'), 'JpegLSDecoder', encoded);
  if (J2K.has(ts)) return runCodec(await codec('j2k'), 'J2KDecoder', encoded, targetSize);
  throw new UnsupportedImage(`transfer syntax ${ts}`);
}

async function runCodec(
  mod: CodecModule,
  name: string,
  encoded: Uint8Array,
  targetSize?: number,
): Promise<DecodedFrame> {
  const Decoder = mod[name];
  if (!Decoder) throw new UnsupportedImage(`${name} missing`);
  const d = new Decoder();
  try {
    d.getEncodedBuffer(encoded.length).set(encoded);
    let size: { width: number; height: number } | null = null;
    if (
      targetSize &&
      d.readHeader &&
      d.decodeSubResolution &&
      d.getNumDecompositions &&
      d.calculateSizeAtDecompositionLevel
    ) {
      d.readHeader();
      const full = d.getFrameInfo();
      let level = 0;
      const max = d.getNumDecompositions();
      while (level < max && Math.min(full.width, full.height) >> (level + 1) >= targetSize) level++;
      d.decodeSubResolution(level, 0);
      size = level ? d.calculateSizeAtDecompositionLevel(level) : null;
    } else {
      d.decode();
    }
    const info = d.getFrameInfo();
    const width = size?.width ?? info.width;
    const height = size?.height ?? info.height;
    // A codestream whose header is damaged can "decode" to nothing without an error (OpenJPEG: 0 × 0).
    const needed = width * height * info.componentCount * (info.bitsPerSample > 8 ? 2 : 1);
    if (!width || !height || !info.componentCount || d.getDecodedBuffer().length < needed)
      throw new UnsupportedImage('decoder gave no image');
    return {
      width,
      height,
      bits: info.bitsPerSample,
      components: info.componentCount,
      signed: Boolean(info.isSigned),
      bytes: Uint8Array.from(d.getDecodedBuffer()),
    };
  } catch (err) {
    throw new UnsupportedImage(
      `decoder failed: ${typeof err === 'number' ? `code ${err}` : ((err as Error)?.message ?? 'unknown')}`,
    );
  } finally {
    d.delete();
  }
}

/** The bytes of one encapsulated frame: fragment per frame, the basic offset table, or all fragments of a single frame. */
export function frameBytes(ds: DataSet, px: Element, frameIndex: number, frames: number): Uint8Array {
  const fragments = px.fragments ?? [];
  if (!fragments.length) throw new UnsupportedImage('no fragments');
  if (frames === 1) return dicomParser.readEncapsulatedPixelDataFromFragments(ds, px, 0, fragments.length);
  if (px.basicOffsetTable?.length)
    return dicomParser.readEncapsulatedImageFrame(ds, px, frameIndex, px.basicOffsetTable);
  if (fragments.length === frames) return dicomParser.readEncapsulatedPixelDataFromFragments(ds, px, frameIndex, 1);
  return dicomParser.readEncapsulatedImageFrame(ds, px, 0, dicomParser.createJPEGBasicOffsetTable(ds, px));
}

function readNative(raw: Uint8Array, count: number, bits: number, signed: boolean, bigEndian: boolean): Float32Array {
  const out = new Float32Array(count);
  // Little-endian 16-bit on an aligned buffer (most CT and MR): a typed-array copy instead of a DataView call per pixel.
  if (bits === 16 && !bigEndian && raw.byteOffset % 2 === 0 && raw.byteLength >= count * 2 && littleEndianHost) {
    out.set(
      signed ? new Int16Array(raw.buffer, raw.byteOffset, count) : new Uint16Array(raw.buffer, raw.byteOffset, count),
    );
    return out;
  }
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const le = !bigEndian;
  for (let i = 0; i < count; i++) {
    switch (bits) {
      case 1:
        out[i] = (raw[i >> 3]! >> (i & 7)) & 1;
        break;
      case 8:
        out[i] = signed ? view.getInt8(i) : raw[i]!;
        break;
      case 16:
        out[i] = signed ? view.getInt16(i * 2, le) : view.getUint16(i * 2, le);
        break;
      case 32:
        out[i] = signed ? view.getInt32(i * 4, le) : view.getUint32(i * 4, le);
        break;
      default:
        throw new UnsupportedImage(`BitsAllocated ${bits}`);
    }
  }
  return out;
}

const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Keeps the stored bits only (HighBit = BitsStored - 1), sign-extended when signed. */
function maskStored(values: Float32Array, stored: number, signed: boolean): void {
  if (stored >= 32) return;
  // Integer operations (the values are whole numbers within 32 bits): the low `stored` bits, then the sign.
  const mask = 2 ** stored;
  const low = mask - 1;
  const half = mask / 2;
  for (let i = 0; i < values.length; i++) {
    let v = (values[i]! & low) >>> 0;
    if (signed && v >= half) v -= mask;
    values[i] = v;
  }
}

function greyFrame(
  ds: DataSet,
  width: number,
  height: number,
  values: Float32Array,
  stored: number,
  signed: boolean,
): Frame {
  maskStored(values, stored, signed);
  const slope = ds.floatString('x00281053') ?? 1;
  const intercept = ds.floatString('x00281052') ?? 0;
  if (slope !== 1 || intercept !== 0)
    for (let i = 0; i < values.length; i++) values[i] = values[i]! * slope + intercept;
  const center = ds.floatString('x00281050');
  const w = ds.floatString('x00281051');
  const photometric = (ds.string('x00280004') ?? '').trim().toUpperCase();
  return {
    kind: 'grey',
    width,
    height,
    values,
    monochrome1: photometric === 'MONOCHROME1',
    window: center !== undefined && w !== undefined && w > 0 ? { center, width: w } : null,
  };
}

function colourFrame(
  width: number,
  height: number,
  values: Float32Array,
  planar: boolean,
  photometric: string,
  bits: number,
  stored: number,
): Frame {
  const n = width * height;
  const shift = Math.max(0, Math.min(stored, bits) - 8);
  const rgb = new Uint8Array(n * 3);
  for (let p = 0; p < n; p++) {
    for (let c = 0; c < 3; c++) {
      const v = planar ? values[c * n + p]! : values[p * 3 + c]!;
      rgb[p * 3 + c] = Math.max(0, Math.min(255, v / 2 ** shift));
    }
  }
  if (photometric === 'YBR_FULL') ybrToRgbInPlace(rgb);
  return rgbFrame(width, height, rgb);
}

function rgbFrame(width: number, height: number, rgb: Uint8Array): Frame {
  return { kind: 'rgb', width, height, rgb };
}

function ybrToRgbInPlace(p: Uint8Array): void {
  for (let i = 0; i < p.length; i += 3) {
    const y = p[i]!;
    const cb = p[i + 1]! - 128;
    const cr = p[i + 2]! - 128;
    p[i] = clamp(y + 1.402 * cr);
    p[i + 1] = clamp(y - 0.344136 * cb - 0.714136 * cr);
    p[i + 2] = clamp(y + 1.772 * cb);
  }
}

/** Native YBR_FULL_422: Y1 Y2 Cb Cr for each pair of pixels. */
function ybr422ToRgb(raw: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n * 3);
  for (let p = 0, o = 0; p + 1 < n + 1 && o + 3 < raw.length; p += 2, o += 4) {
    const cb = raw[o + 2]!;
    const cr = raw[o + 3]!;
    for (let k = 0; k < 2 && p + k < n; k++) {
      out[(p + k) * 3] = raw[o + k]!;
      out[(p + k) * 3 + 1] = cb;
      out[(p + k) * 3 + 2] = cr;
    }
  }
  ybrToRgbInPlace(out);
  return out;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
