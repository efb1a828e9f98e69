import { describe, expect, it } from 'vitest';
import { encodeRleFrame } from '../generate/rle-encode';
import { decodeRle, decodeRleGreyToLittleEndian } from './rle';

describe('RLE Lossless decoding', () => {
  const pixels = 64 * 48;
  // Runs and literals both: flat areas, a ramp, and negative values.
  const values = Int16Array.from({ length: pixels }, (_, i) => (i < 1000 ? -1024 : i < 2000 ? (i * 37) % 4096 - 2048 : 300));

  it('gives back the native little-endian bytes of a signed 16-bit grey frame', () => {
    const native = new Uint8Array(values.buffer.slice(0));
    const frame = encodeRleFrame(native, pixels, 1, 2);
    const out = new Uint8Array(pixels * 2);
    decodeRleGreyToLittleEndian(frame, pixels, 16, out);
    expect(Buffer.from(out).equals(Buffer.from(native))).toBe(true);
    // The same values as the decoder the thumbnails use.
    expect(Array.from(decodeRle(frame, pixels, 1, 16, true))).toEqual(Array.from(values));
  });

  it('gives back an 8-bit frame as is, and refuses a frame whose segments do not match', () => {
    const native = Uint8Array.from({ length: pixels }, (_, i) => (i >> 4) & 0xff);
    const out = new Uint8Array(pixels);
    decodeRleGreyToLittleEndian(encodeRleFrame(native, pixels, 1, 1), pixels, 8, out);
    expect(Buffer.from(out).equals(Buffer.from(native))).toBe(true);
    expect(() => decodeRleGreyToLittleEndian(encodeRleFrame(native, pixels, 1, 1), pixels, 16, new Uint8Array(pixels * 2))).toThrow(/segment count/);
  });
});
