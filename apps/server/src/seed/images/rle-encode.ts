/**
 * RLE Lossless (PS3.5 Annex G) encoding of one frame: one segment per byte plane (each sample's most significant
 * byte first), each segment PackBits-coded and padded to an even length, after the 64-byte segment table.
 */
export function encodeRleFrame(
  native: Uint8Array,
  pixels: number,
  samples: number,
  bytesPerSample: number,
): Uint8Array {
  const segmentCount = samples * bytesPerSample;
  if (segmentCount > 15) throw new Error('RLE allows at most 15 segments');
  const segments: Uint8Array[] = [];
  const plane = new Uint8Array(pixels);
  for (let s = 0; s < samples; s++) {
    for (let b = bytesPerSample - 1; b >= 0; b--) {
      // Native data is little endian and interleaved by pixel (PlanarConfiguration 0).
      for (
        let p = 0, i = p * samples * bytesPerSample + s * bytesPerSample + b;
        p < pixels;
        p++, i += samples * bytesPerSample
      )
        plane[p] = native[i]!;
      segments.push(packBits(plane));
    }
  }
  const total = 64 + segments.reduce((n, s) => n + s.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, segmentCount, true);
  let offset = 64;
  segments.forEach((seg, i) => {
    view.setUint32(4 + i * 4, offset, true);
    out.set(seg, offset);
    offset += seg.length;
  });
  return out;
}

/** PackBits: runs of 3 or more equal bytes as a replicate run, the rest as literal runs; padded to even length. */
export function packBits(src: Uint8Array): Uint8Array {
  const out = new Uint8Array(src.length + Math.ceil(src.length / 128) + 2);
  let o = 0;
  let i = 0;
  const n = src.length;
  while (i < n) {
    // Length of the run of equal bytes starting at i.
    let run = 1;
    while (i + run < n && run < 128 && src[i + run] === src[i]) run++;
    if (run >= 3) {
      out[o++] = 257 - run; // -(run - 1) as a signed byte
      out[o++] = src[i]!;
      i += run;
      continue;
    }
    // A literal run up to the next run of 3 (or 128 bytes).
    const start = i;
    while (i < n && i - start < 128) {
      if (i + 2 < n && src[i] === src[i + 1] && src[i] === src[i + 2]) break;
      i++;
    }
    out[o++] = i - start - 1;
    out.set(src.subarray(start, i), o);
    o += i - start;
  }
  if (o % 2) out[o++] = 0x80; // a no-op byte keeps the segment even
  return out.subarray(0, o);
}
