import sharp from 'sharp';
import type { Frame } from './decode-frame';

export const THUMBNAIL_SIZE = 128;

/**
 * The frame as 8-bit pixels: grey through the file's first VOI window (PS3.3 C.11.2.1.2), or a window computed from
 * the 1st–99th percentile of the values when the file has none; MONOCHROME1 inverted. Colour passes through.
 */
export function toEightBit(frame: Frame): { data: Uint8Array; channels: 1 | 3 } {
  if (frame.kind === 'rgb') return { data: frame.rgb, channels: 3 };
  const { values } = frame;
  const { lo, hi } = frame.window
    ? {
        lo: frame.window.center - 0.5 - (frame.window.width - 1) / 2,
        hi: frame.window.center - 0.5 + (frame.window.width - 1) / 2,
      }
    : percentileWindow(values);
  const span = hi - lo || 1;
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let g = v <= lo ? 0 : v > hi ? 255 : ((v - lo) / span) * 255;
    if (frame.monochrome1) g = 255 - g;
    out[i] = Math.round(g);
  }
  return { data: out, channels: 1 };
}

function percentileWindow(values: Float32Array): { lo: number; hi: number } {
  const step = Math.max(1, Math.floor(values.length / 65536));
  const sample: number[] = [];
  for (let i = 0; i < values.length; i += step) sample.push(values[i]!);
  sample.sort((a, b) => a - b);
  const lo = sample[Math.floor(sample.length * 0.01)] ?? 0;
  const hi = sample[Math.min(sample.length - 1, Math.floor(sample.length * 0.99))] ?? 1;
  if (hi > lo) return { lo, hi };
  return { lo: sample[0] ?? 0, hi: (sample[sample.length - 1] ?? 0) + 1 };
}

/** A PNG at most 128 px on its longer side. */
export async function renderPng(frame: Frame): Promise<Buffer> {
  const { data, channels } = toEightBit(frame);
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width: frame.width, height: frame.height, channels },
  })
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
