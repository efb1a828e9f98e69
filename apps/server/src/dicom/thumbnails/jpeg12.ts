import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DecodedFrame } from './decode-frame';

/** The part of Cornerstone's JavaScript JPEG decoder (pdf.js lineage) used here: grey frames up to 16 bits. */
interface JpegImage {
  parse(data: Uint8Array): void;
  colorTransform: boolean;
  width: number;
  height: number;
  components: unknown[];
  getData16(width: number, height: number): Uint16Array;
}

const require = createRequire(import.meta.url);
let decoder: Promise<new () => JpegImage> | null = null;

/**
 * Cornerstone ships the only 12-bit JPEG decoder available here (the WASM libjpeg-turbo build is 8-bit), as a file
 * outside its package exports: loaded by path, once.
 */
function jpegImage(): Promise<new () => JpegImage> {
  decoder ??= (async () => {
    const dir = path.dirname(require.resolve('@cornerstonejs/dicom-image-loader/package.json'));
    const mod = (await import(pathToFileURL(path.join(dir, 'dist/esm/codecs/jpeg.js')).href)) as {
      default: new () => JpegImage;
    };
    return mod.default;
  })();
  return decoder;
}

/**
 * The sample precision in a JPEG stream's frame header (SOFn), or null when there is none before the scan. Walks the
 * marker segments from SOI by their lengths.
 */
export function jpegPrecision(data: Uint8Array): number | null {
  if (data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    } // fill byte
    if (marker === 0xda || marker === 0xd9) return null; // scan or end before any frame header
    const length = (data[at + 2]! << 8) | data[at + 3]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return data[at + 4] ?? null;
    at += 2 + length;
  }
  return null;
}

/**
 * A 12-bit grey JPEG (extended, process 2/4) decoded to its stored values, little-endian 16-bit. The decoder adds the
 * 8-bit rounding constant scaled to 12 bits (2056 × 4095 / 255 in 1/16 steps) where the standard adds 2048 + ½: every
 * sample comes out 15 too high, and from a true 4080 up it clips at 4095. Taking 15 off gives dcmtk's and GDCM's
 * values within one level (their IDCT rounds differently) below 4080; above, 4080 (at most 15 levels under the true
 * value, in a lossy image).
 */
export async function decodeJpeg12(encoded: Uint8Array): Promise<DecodedFrame> {
  const JpegImageClass = await jpegImage();
  const jpeg = new JpegImageClass();
  jpeg.parse(encoded);
  jpeg.colorTransform = false;
  if (jpeg.components.length !== 1) throw new Error('12-bit colour JPEG');
  const values = jpeg.getData16(jpeg.width, jpeg.height);
  for (let i = 0; i < values.length; i++) values[i] = values[i]! > OFFSET ? values[i]! - OFFSET : 0;
  return {
    width: jpeg.width,
    height: jpeg.height,
    bits: 12,
    components: 1,
    signed: false,
    bytes: new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
  };
}

/** floor(2056 × 4095 / 255) − (2048 × 16 + 8), in whole sample steps: 15. */
const OFFSET = (Math.floor((2056 * 4095) / 255) - (2048 * 16 + 8)) / 16;
