import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../auth/auth.plugin';
import { sendRefusal } from '../../http/error-handler';
import type { LocalDicomArchive } from '../archive/local-archive';
import { notAcceptable } from './common';
import { dicomwebError, renderParameterError } from './dicomweb.errors';
import type { DicomwebService } from './dicomweb.service';
import { parseAccept } from './media-type';
import { answerRenderErrors, frameCount, InstanceRenderer, sendImage, sourceSizeOf } from './render-instance';
import { MAX_VIEWPORT, type RenderedType, type RenderWindow, type Viewport } from './rendered';

/**
 * The WADO-URI parameters besides the UIDs and contentType (PS3.18 §9.1.2). Values are checked in code, so each
 * refusal names its parameter. transferSyntax and charset change nothing (docs/decisions/di6-wado-uri-images-study-series.md).
 */
export const WADO_URI_IMAGE_QUERY = {
  frameNumber: z.string().max(20).optional(),
  rows: z.string().max(20).optional(),
  columns: z.string().max(20).optional(),
  region: z.string().max(200).optional(),
  windowCenter: z.string().max(40).optional(),
  windowWidth: z.string().max(40).optional(),
  imageQuality: z.string().max(20).optional(),
  /** Burned-in annotation is not offered: the image is rendered without it, as the WADO-RS rendered routes do. */
  annotation: z.string().max(200).optional(),
  anonymize: z.string().max(20).optional(),
  charset: z.string().max(200).optional(),
  presentationUID: z.string().max(64).optional(),
  presentationSeriesUID: z.string().max(64).optional(),
};
export type WadoUriQuery = { contentType?: string; studyUID: string; seriesUID: string; objectUID: string } & {
  [K in keyof typeof WADO_URI_IMAGE_QUERY]?: string;
};

type WadoUriType = 'application/dicom' | RenderedType;
const OFFERED = 'contentType=application/dicom, image/jpeg or image/png (image/gif and video are not offered)';

/**
 * The first type of `contentType` we serve (PS3.18 §9.1.2.1.4 "contentType": a list, its default image/jpeg);
 * wildcards of images get JPEG, application/* the DICOM file. Null when none is ours.
 */
export function wadoUriContentType(contentType: string | undefined): WadoUriType | null {
  for (const range of parseAccept(contentType?.trim() ? contentType : 'image/jpeg')) {
    if (range.type === 'application/dicom' || range.type === 'application/*') return 'application/dicom';
    if (range.type === 'image/jpeg' || range.type === 'image/png') return range.type;
    if (range.type === 'image/*' || range.type === '*/*') return 'image/jpeg';
  }
  return null;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const whole = (name: string, text: string, min: number, max: number): number => {
  const n = /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max)) throw renderParameterError('RENDER_WHOLE_NUMBER', { name, min, max });
  return n;
};

/** windowCenter and windowWidth together (PS3.3 C.11.2.1.2 LINEAR: width at least 1), or neither. */
function windowOf(q: WadoUriQuery): RenderWindow | undefined {
  if (q.windowCenter === undefined && q.windowWidth === undefined) return undefined;
  if (q.windowCenter === undefined || q.windowWidth === undefined) throw renderParameterError('RENDER_WINDOW_PAIR');
  const [center, width] = [q.windowCenter.trim(), q.windowWidth.trim()];
  if (!DECIMAL.test(center) || !Number.isFinite(Number(center))) throw renderParameterError('RENDER_WINDOW_CENTER');
  if (!DECIMAL.test(width) || !(Number(width) >= 1) || !Number.isFinite(Number(width)))
    throw renderParameterError('RENDER_WINDOW_WIDTH_DECIMAL');
  return { center: Number(center), width: Number(width), fn: 'LINEAR' };
}

/** `region=x1,y1,x2,y2`: fractions of the image (0 to 1), top left then bottom right. */
export function parseRegion(text: string): [number, number, number, number] {
  const parts = text.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (
    parts.length !== 4 ||
    parts.some((p) => !DECIMAL.test(p)) ||
    values.some((v) => !(v >= 0 && v <= 1)) ||
    !(values[0]! < values[2]!) ||
    !(values[1]! < values[3]!)
  ) {
    throw renderParameterError('RENDER_REGION_FORMAT');
  }
  return values as [number, number, number, number];
}

/**
 * The output of rows/columns/region as a rendered viewport: the region in stored pixels, the size fitted inside
 * rows × columns (either alone scales the other with the aspect ratio), the region's own size when neither is given.
 */
export function wadoUriViewport(
  source: { width: number; height: number },
  rows: number | undefined,
  columns: number | undefined,
  region: [number, number, number, number] | undefined,
): Viewport | undefined {
  let box: Viewport['region'];
  if (region) {
    const [x1, y1, x2, y2] = region;
    const x = Math.min(source.width - 1, Math.round(x1 * source.width));
    const y = Math.min(source.height - 1, Math.round(y1 * source.height));
    box = {
      x,
      y,
      width: Math.max(1, Math.round(x2 * source.width) - x),
      height: Math.max(1, Math.round(y2 * source.height) - y),
    };
  }
  const base = box ? { width: box.width, height: box.height } : source;
  const scaled = (n: number) => Math.min(MAX_VIEWPORT, Math.max(1, Math.round(n)));
  let size: { width: number; height: number } | undefined;
  if (rows !== undefined && columns !== undefined) size = { width: columns, height: rows };
  else if (rows !== undefined) size = { width: scaled((rows * base.width) / base.height), height: rows };
  else if (columns !== undefined) size = { width: columns, height: scaled((columns * base.height) / base.width) };
  else if (box) size = base;
  return size ? { ...size, ...(box ? { region: box } : {}) } : undefined;
}

/**
 * WADO-URI (PS3.18 §9) for anything but the DICOM file: JPEG (the default) or PNG of one frame, with the URI service's
 * rendering parameters, through the same renderer as WADO-RS rendered; and the refusals that hold for every type.
 * Answers and returns true, or returns false when the caller is to send the stored file (contentType application/dicom).
 */
export async function answerWadoUriImage(
  service: DicomwebService,
  archive: LocalDicomArchive,
  req: FastifyRequest,
  reply: FastifyReply,
  q: WadoUriQuery,
): Promise<boolean> {
  if (q.anonymize !== undefined) {
    // Checked before the type: application/dicom with anonymize=yes must never be answered with the identified file.
    if (q.anonymize.trim().toLowerCase() !== 'yes') sendRefusal(reply, dicomwebError('ANONYMIZE_VALUE'));
    else sendRefusal(reply, dicomwebError('ANONYMIZE_UNSUPPORTED'));
    return true;
  }
  const type = wadoUriContentType(q.contentType);
  if (type === null) {
    notAcceptable(reply, OFFERED);
    return true;
  }
  if (type === 'application/dicom') return false;
  if (q.presentationUID !== undefined || q.presentationSeriesUID !== undefined) {
    sendRefusal(reply, dicomwebError('PRESENTATION_UNSUPPORTED'));
    return true;
  }
  await answerRenderErrors(reply, async () => {
    const frameIndex = q.frameNumber === undefined ? 0 : whole('frameNumber', q.frameNumber, 1, 999_999) - 1;
    const rows = q.rows === undefined ? undefined : whole('rows', q.rows, 1, MAX_VIEWPORT);
    const columns = q.columns === undefined ? undefined : whole('columns', q.columns, 1, MAX_VIEWPORT);
    const region = q.region === undefined ? undefined : parseRegion(q.region);
    const window = windowOf(q);
    // PNG is lossless: a quality has nothing to act on there and is accepted without effect.
    const quality = q.imageQuality === undefined ? undefined : whole('imageQuality', q.imageQuality, 1, 100);
    const renderer = new InstanceRenderer(archive);
    const [row] = await service.retrieve(requireUser(req), {
      study: q.studyUID,
      series: q.seriesUID,
      sop: q.objectUID,
    });
    const parsed = await renderer.load(row!);
    if (frameIndex >= frameCount(parsed)) throw dicomwebError('FRAME_NOT_FOUND');
    const viewport = wadoUriViewport(sourceSizeOf(parsed), rows, columns, region);
    return sendImage(
      reply,
      type,
      await renderer.render(parsed, frameIndex, { window, viewport, quality }, type, false),
    );
  });
  return true;
}
