import { describe, expect, it } from 'vitest';
import { encodeRleFrame } from '../../seed/images/rle-encode';
import { decodeRle, decodeRleToNative } from './rle';

describe('RLE Lossless decoding', () => {
  const pixels = 64 * 48;
  // Runs and literals both: flat areas, a ramp, and negative values.
  const values = Int16Array.from({ length: pixels }, (_, i) =>
    i < 1000 ? -1024 : i < 2000 ? ((i * 37) % 4096) - 2048 : 300,
  );

  it('gives back the native little-endian bytes of a signed 16-bit grey frame', () => {
    const native = new Uint8Array(values.buffer.slice(0));
    const frame = encodeRleFrame(native, pixels, 1, 2);
    const out = new Uint8Array(pixels * 2);
    decodeRleToNative(frame, pixels, 1, 16, out);
    expect(Buffer.from(out).equals(Buffer.from(native))).toBe(true);
    // The same values as the decoder the thumbnails use.
    expect(Array.from(decodeRle(frame, pixels, 1, 16, true))).toEqual(Array.from(values));
  });

  it('gives back 16-bit RGB interleaved, whatever the planes', () => {
    const native = Uint8Array.from({ length: pixels * 6 }, (_, i) => (i * 13 + (i >> 7)) & 0xff);
    const out = new Uint8Array(pixels * 6);
    decodeRleToNative(encodeRleFrame(native, pixels, 3, 2), pixels, 3, 16, out);
    expect(Buffer.from(out).equals(Buffer.from(native))).toBe(true);
  });

  it('gives back an 8-bit frame as is, and refuses a frame whose segments do not match', () => {
    const native = Uint8Array.from({ length: pixels }, (_, i) => (i >> 4) & 0xff);
    const out = new Uint8Array(pixels);
    decodeRleToNative(encodeRleFrame(native, pixels, 1, 1), pixels, 1, 8, out);
    expect(Buffer.from(out).equals(Buffer.from(native))).toBe(true);
    expect(() =>
      decodeRleToNative(encodeRleFrame(native, pixels, 1, 1), pixels, 1, 16, new Uint8Array(pixels * 2)),
    ).toThrow(/segment count/);
  });
});
