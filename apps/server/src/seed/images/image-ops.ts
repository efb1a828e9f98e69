/** Small image operations on row-major float images. */

/** A separable [1 2 1]/4 blur, `passes` times (edges clamp): the scanner's point spread, partial volume at edges. */
export function blur121(src: Float32Array, width: number, height: number, passes = 1): Float32Array {
  let a = src;
  const tmp = new Float32Array(src.length);
  for (let p = 0; p < passes; p++) {
    const out = new Float32Array(src.length);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) {
        const l = a[row + (x > 0 ? x - 1 : x)]!;
        const r = a[row + (x < width - 1 ? x + 1 : x)]!;
        tmp[row + x] = (l + 2 * a[row + x]! + r) * 0.25;
      }
    }
    for (let y = 0; y < height; y++) {
      const up = (y > 0 ? y - 1 : y) * width;
      const down = (y < height - 1 ? y + 1 : y) * width;
      const row = y * width;
      for (let x = 0; x < width; x++) out[row + x] = (tmp[up + x]! + 2 * tmp[row + x]! + tmp[down + x]!) * 0.25;
    }
    a = out;
  }
  return a;
}

/** A box blur of radius r along rows and columns (fast wide smoothing for textures). */
export function boxBlur(src: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r < 1) return src;
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + clampIndex(k, width)]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = acc * norm;
      acc += src[row + clampIndex(x + r + 1, width)]! - src[row + clampIndex(x - r, width)]!;
    }
  }
  for (let x = 0; x < width; x++) {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += tmp[clampIndex(k, height) * width + x]!;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = acc * norm;
      acc += tmp[clampIndex(y + r + 1, height) * width + x]! - tmp[clampIndex(y - r, height) * width + x]!;
    }
  }
  return out;
}

const clampIndex = (i: number, n: number) => (i < 0 ? 0 : i >= n ? n - 1 : i);

/** Little-endian 16-bit pixel bytes from values (rounded, clamped to the type's range). */
export function toInt16Bytes(values: Float32Array, signed: boolean, maxValue = signed ? 32767 : 65535): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  const min = signed ? -32768 : 0;
  for (let i = 0; i < values.length; i++) {
    let v = Math.round(values[i]!);
    if (v < min) v = min;
    else if (v > maxValue) v = maxValue;
    if (signed) view.setInt16(i * 2, v, true);
    else view.setUint16(i * 2, v, true);
  }
  return out;
}

export const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);
