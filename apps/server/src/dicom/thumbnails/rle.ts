/**
 * DICOM RLE Lossless (PS3.5 Annex G): a 64-byte header of segment offsets, then one PackBits segment per byte plane,
 * most significant byte first, sample by sample. Answers the pixel values plane by plane (sample 0, then 1, …).
 */
export function decodeRle(
  frame: Uint8Array,
  pixels: number,
  samples: number,
  bitsAllocated: number,
  signed: boolean,
): Float32Array {
  if (frame.length < 64) throw new Error('RLE frame without header');
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const segments = view.getUint32(0, true);
  const bytesPerSample = Math.ceil(bitsAllocated / 8);
  if (segments !== samples * bytesPerSample || segments > 15)
    throw new Error('RLE segment count does not match the image');
  const offsets = Array.from({ length: segments }, (_, i) => view.getUint32(4 + i * 4, true));
  const out = new Float32Array(pixels * samples);
  const plane = new Uint8Array(pixels);
  for (let s = 0; s < samples; s++) {
    for (let b = 0; b < bytesPerSample; b++) {
      const seg = s * bytesPerSample + b;
      const start = offsets[seg]!;
      const end = seg + 1 < segments ? offsets[seg + 1]! : frame.length;
      unpackBits(frame.subarray(start, end), plane);
      const weight = 2 ** (8 * (bytesPerSample - 1 - b));
      for (let p = 0; p < pixels; p++) out[s * pixels + p]! += plane[p]! * weight;
    }
  }
  if (signed) {
    const range = 2 ** (8 * bytesPerSample);
    for (let i = 0; i < out.length; i++) if (out[i]! >= range / 2) out[i]! -= range;
  }
  return out;
}

/**
 * An RLE frame as the native little-endian bytes it encodes, samples interleaved (PlanarConfiguration 0): each byte
 * plane unpacked straight into its place, without going through pixel values (C-GET / C-MOVE to a peer that takes
 * only uncompressed images). Signed or not, the bytes are the same.
 */
export function decodeRleToNative(
  frame: Uint8Array,
  pixels: number,
  samples: number,
  bitsAllocated: number,
  out: Uint8Array,
): void {
  if (frame.length < 64) throw new Error('RLE frame without header');
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const segments = view.getUint32(0, true);
  const bytesPerSample = bitsAllocated / 8;
  if (!Number.isInteger(bytesPerSample) || segments !== samples * bytesPerSample || segments > 15)
    throw new Error('RLE segment count does not match the image');
  const stride = samples * bytesPerSample;
  if (out.length < pixels * stride) throw new Error('RLE output too small');
  const direct = stride === 1;
  const plane = direct ? out.subarray(0, pixels) : new Uint8Array(pixels);
  for (let seg = 0; seg < segments; seg++) {
    const start = view.getUint32(4 + seg * 4, true);
    const end = seg + 1 < segments ? view.getUint32(8 + seg * 4, true) : frame.length;
    unpackBits(frame.subarray(start, end), plane);
    if (direct) return;
    // Segments go sample by sample, most significant byte first: that byte goes last in little endian.
    const sample = Math.floor(seg / bytesPerSample);
    const at = sample * bytesPerSample + (bytesPerSample - 1 - (seg % bytesPerSample));
    for (let p = 0; p < pixels; p++) out[p * stride + at] = plane[p]!;
  }
}

/** PackBits: n ≥ 0 copies n+1 bytes, -127 ≤ n ≤ -1 repeats the next byte 1-n times, -128 does nothing. */
function unpackBits(src: Uint8Array, dst: Uint8Array): void {
  dst.fill(0);
  let i = 0;
  let o = 0;
  while (i < src.length && o < dst.length) {
    const n = (src[i]! << 24) >> 24;
    i++;
    if (n >= 0) {
      const count = Math.min(n + 1, dst.length - o, src.length - i);
      dst.set(src.subarray(i, i + count), o);
      i += n + 1;
      o += count;
    } else if (n !== -128) {
      const count = Math.min(1 - n, dst.length - o);
      dst.fill(src[i] ?? 0, o, o + count);
      i++;
      o += count;
    }
  }
}
