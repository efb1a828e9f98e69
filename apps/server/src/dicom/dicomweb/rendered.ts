import sharp from 'sharp';
import type { Frame } from '../thumbnails/decode-frame';
import { THUMBNAIL_SIZE, toEightBit } from '../thumbnails/render';
import { renderParameterError } from './dicomweb.errors';
import { covers, parseAccept } from './media-type';

/** PS3.18 §8.3.5.1.4 / PS3.3 C.11.2.1.2: the VOI LUT function of a `window` parameter. */
export type VoiFunction = 'LINEAR' | 'LINEAR_EXACT' | 'SIGMOID';
export interface RenderWindow {
  center: number;
  width: number;
  fn: VoiFunction;
}
/** PS3.18 §8.3.5.1.3: the output size, and optionally the source region (negative sizes flip it). */
export interface Viewport {
  width: number;
  height: number;
  region?: { x: number; y: number; width: number; height: number };
}
export interface RenderParams {
  window?: RenderWindow;
  viewport?: Viewport;
  quality?: number;
  /**
   * A pixel's width over its height (PixelSpacing: column spacing over row spacing). Without a viewport, an image whose
   * pixels are not square is stretched to its true proportions, as the viewer draws it.
   */
  pixelAspect?: number;
}
export type RenderedType = 'image/jpeg' | 'image/png';

/** The rendered media types offered, the first being the default (PS3.18 §8.7.4: image/jpeg). */
export const RENDERED_TYPES: readonly RenderedType[] = ['image/jpeg', 'image/png'];
/** Largest rendered side, so a viewport cannot ask for a huge image. */
export const MAX_VIEWPORT = 4096;

export const WINDOW_PATTERN = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*(?:,\s*([A-Za-z_]+)\s*)?$/;
export const VIEWPORT_PATTERN =
  /^\s*(\d{1,5})\s*,\s*(\d{1,5})\s*(?:,\s*(-?\d{1,5})?\s*,\s*(-?\d{1,5})?\s*,\s*(-?\d{1,5})\s*,\s*(-?\d{1,5})\s*)?$/;

export { BadRenderParameter } from './dicomweb.errors';

/** `window=center,width[,function]`: width > 0 (≥ 1 for LINEAR), function LINEAR (default), LINEAR_EXACT or SIGMOID. */
export function parseWindow(text: string): RenderWindow {
  const m = WINDOW_PATTERN.exec(text);
  if (!m) throw renderParameterError('RENDER_WINDOW_FORMAT');
  const fn = (m[3] ?? 'LINEAR').toUpperCase();
  if (fn !== 'LINEAR' && fn !== 'LINEAR_EXACT' && fn !== 'SIGMOID')
    throw renderParameterError('RENDER_WINDOW_FUNCTION');
  const center = Number(m[1]);
  const width = Number(m[2]);
  if (!(width > 0) || (fn === 'LINEAR' && width < 1))
    throw renderParameterError(fn === 'LINEAR' ? 'RENDER_LINEAR_WIDTH' : 'RENDER_WINDOW_WIDTH');
  return { center, width, fn };
}

/** `viewport=vw,vh` or `viewport=vw,vh,sx,sy,sw,sh` (sx, sy default 0). */
export function parseViewport(text: string): Viewport {
  const m = VIEWPORT_PATTERN.exec(text);
  if (!m) throw renderParameterError('RENDER_VIEWPORT_FORMAT');
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width < 1 || height < 1 || width > MAX_VIEWPORT || height > MAX_VIEWPORT)
    throw renderParameterError('RENDER_VIEWPORT_SIZE', { max: MAX_VIEWPORT });
  if (m[5] === undefined) return { width, height };
  const region = { x: Number(m[3] ?? 0), y: Number(m[4] ?? 0), width: Number(m[5]), height: Number(m[6]) };
  if (region.x < 0 || region.y < 0 || region.width === 0 || region.height === 0)
    throw renderParameterError('RENDER_VIEWPORT_REGION');
  return { width, height, region };
}

/** `quality=1..100` (JPEG). */
export function parseQuality(text: string): number {
  if (!/^\s*\d{1,3}\s*$/.test(text)) throw renderParameterError('RENDER_QUALITY');
  const q = Number(text);
  if (q < 1 || q > 100) throw renderParameterError('RENDER_QUALITY');
  return q;
}

/**
 * The media type to render: the `accept` query parameter (PS3.18 §8.3.3.1) wins over the Accept header; image/*,
 * *\/* and no header at all get image/jpeg. Null when the client accepts none of ours.
 */
export function negotiateRendered(
  acceptHeader: string | undefined,
  acceptParam: string | undefined,
): RenderedType | null {
  const ranges = parseAccept(acceptParam ?? acceptHeader);
  for (const r of ranges) {
    const own = RENDERED_TYPES.find((t) => t === r.type);
    if (own) return own;
    if (covers(r.type, 'image/jpeg')) return RENDERED_TYPES[0]!;
  }
  return null;
}

/** 8-bit grey through a requested VOI window (after the modality LUT, as PS3.3 C.11.2.1.2 orders them). */
export function windowToEightBit(values: Float32Array, w: RenderWindow, monochrome1: boolean): Uint8Array {
  const out = new Uint8Array(values.length);
  const { center: c, width } = w;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    let y: number;
    if (w.fn === 'SIGMOID') {
      y = 255 / (1 + Math.exp((-4 * (x - c)) / width));
    } else if (w.fn === 'LINEAR_EXACT') {
      y = x <= c - width / 2 ? 0 : x > c + width / 2 ? 255 : ((x - c) / width + 0.5) * 255;
    } else {
      y =
        x <= c - 0.5 - (width - 1) / 2
          ? 0
          : x > c - 0.5 + (width - 1) / 2
            ? 255
            : ((x - (c - 0.5)) / (width - 1) + 0.5) * 255;
    }
    out[i] = Math.round(monochrome1 ? 255 - y : y);
  }
  return out;
}

/**
 * A decoded frame as JPEG or PNG: the requested window (grey images; colour ignores it) or the file's own VOI,
 * the viewport's source region and size (aspect ratio kept, fitted inside), thumbnails at most 128 px by default.
 * `sourceSize` is the frame's stored size, for a region given in stored pixels of a lower-resolution decode.
 */
export async function renderFrame(
  frame: Frame,
  params: RenderParams,
  type: RenderedType,
  opts: { thumbnail: boolean; sourceSize: { width: number; height: number } },
): Promise<Buffer> {
  let data: Uint8Array;
  let channels: 1 | 3;
  if (frame.kind === 'grey' && params.window) {
    data = windowToEightBit(frame.values, params.window, frame.monochrome1);
    channels = 1;
  } else {
    ({ data, channels } = toEightBit(frame));
  }
  let image = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width: frame.width, height: frame.height, channels },
  });
  const region = params.viewport?.region;
  if (region) {
    const scaleX = frame.width / opts.sourceSize.width;
    const scaleY = frame.height / opts.sourceSize.height;
    const left = Math.round(region.x * scaleX);
    const top = Math.round(region.y * scaleY);
    const width = Math.round(Math.abs(region.width) * scaleX);
    const height = Math.round(Math.abs(region.height) * scaleY);
    if (width < 1 || height < 1 || left + width > frame.width || top + height > frame.height) {
      throw renderParameterError('RENDER_REGION_OUTSIDE', {
        width: opts.sourceSize.width,
        height: opts.sourceSize.height,
      });
    }
    // Extract first, then flip: sharp applies the region to the image as stored.
    image = sharp(await image.extract({ left, top, width, height }).raw().toBuffer(), {
      raw: { width, height, channels },
    });
    if (region.width < 0) image = image.flop();
    if (region.height < 0) image = image.flip();
  }
  const viewport = params.viewport ?? (opts.thumbnail ? { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE } : null);
  const aspect = params.pixelAspect ?? 1;
  if (!viewport && !region && Number.isFinite(aspect) && aspect > 0 && Math.abs(aspect - 1) > 0.01) {
    const width = Math.min(MAX_VIEWPORT, Math.max(1, Math.round(frame.width * aspect)));
    image = image.resize(width, frame.height, { fit: 'fill', kernel: 'lanczos3' });
  }
  if (viewport) {
    image = image.resize(viewport.width, viewport.height, {
      fit: 'inside',
      withoutEnlargement: opts.thumbnail && !params.viewport,
      kernel: 'lanczos3',
    });
  }
  return type === 'image/png'
    ? image.png({ compressionLevel: 6 }).toBuffer()
    : image.jpeg({ quality: params.quality ?? (opts.thumbnail ? 80 : 90), mozjpeg: false }).toBuffer();
}
