import type { FastifyReply } from 'fastify';
import { notFound } from '../../http/domain-error';
import type { LocalDicomArchive } from '../archive/local-archive';
import { decodeFrame, UnsupportedImage, type ParsedFile } from '../thumbnails/decode-frame';
import { parsedInstances } from '../thumbnails/parsed-instances';
import { THUMBNAIL_SIZE } from '../thumbnails/render';
import type { StoredInstance } from '../query/dicomweb.repository';
import { BadRenderParameter, renderFrame, type RenderedType, type RenderParams } from './rendered';

/** Bigger instances are not read whole to render them (the thumbnail service's limit). */
const MAX_RENDER_SOURCE_BYTES = 256 * 1024 * 1024;

/** Why an instance cannot be rendered: nothing to draw (406) or pixel data we cannot decode (415). */
export class CannotRender extends Error {
  constructor(
    readonly status: 406 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** Reading and rendering stored instances, shared by WADO-RS rendered/thumbnail and WADO-URI images. */
export class InstanceRenderer {
  constructor(private readonly archive: LocalDicomArchive) {}

  async load(row: StoredInstance): Promise<ParsedFile> {
    if (row.sizeBytes > MAX_RENDER_SOURCE_BYTES)
      throw new CannotRender(415, 'this image is too large to render on the server; retrieve it as DICOM');
    let parsed: ParsedFile | null;
    try {
      parsed = await parsedInstances.load(row.storageKey, () => this.archive.openStored(row));
    } catch (err) {
      // A deflated data set past its limit (one stored before the limit existed) is named; other failures are not.
      throw new CannotRender(
        415,
        err instanceof UnsupportedImage
          ? `${err.message}; retrieve it as DICOM`
          : 'the stored file cannot be read as an image',
      );
    }
    if (!parsed) throw notFound('ไม่พบไฟล์ภาพ');
    return parsed;
  }

  /** Renders frame `frameIndex` (0-based; the middle one when undefined) of a parsed instance. */
  async render(
    parsed: ParsedFile,
    frameIndex: number | undefined,
    params: RenderParams,
    type: RenderedType,
    thumbnail: boolean,
  ): Promise<Buffer> {
    const { ds, ts } = parsed;
    if (!ds.elements.x7fe00010)
      throw new CannotRender(406, 'this instance has no image to render (no pixel data); retrieve it as DICOM');
    const sourceSize = sourceSizeOf(parsed);
    // JPEG 2000 decodes at the smallest resolution that still fills the output; a source region needs it all.
    const target = params.viewport?.region
      ? Number.POSITIVE_INFINITY
      : params.viewport
        ? Math.max(params.viewport.width, params.viewport.height)
        : thumbnail
          ? THUMBNAIL_SIZE
          : Number.POSITIVE_INFINITY;
    let frame;
    try {
      frame = await decodeFrame(parsed, target, frameIndex);
    } catch (err) {
      if (err instanceof UnsupportedImage)
        throw new CannotRender(
          415,
          `the pixel data cannot be decoded for rendering (${err.message}; transfer syntax ${ts}); retrieve it as DICOM`,
        );
      throw err;
    }
    return renderFrame(frame, params, type, { thumbnail, sourceSize });
  }
}

/** The frame's stored size (Columns × Rows). */
export function sourceSizeOf({ ds }: ParsedFile): { width: number; height: number } {
  return { width: ds.uint16('x00280011') ?? 0, height: ds.uint16('x00280010') ?? 0 };
}

/**
 * A pixel's width over its height from PixelSpacing (row spacing, column spacing), read where Cornerstone's DICOM
 * loader reads it (the data set, else a PixelMeasuresSequence item in it); 1 without one.
 */
export function pixelAspectOf({ ds }: ParsedFile): number {
  const text = ds.string('x00280030') ?? ds.elements.x00289110?.items?.[0]?.dataSet?.string('x00280030');
  const [row, column] = (text ?? '').split('\\').map(Number);
  return row && column && row > 0 && column > 0 ? column / row : 1;
}

export function frameCount({ ds }: ParsedFile): number {
  return Math.max(1, ds.intString('x00280008') ?? 1);
}

export const sendImage = (reply: FastifyReply, type: RenderedType, image: Buffer) =>
  reply.type(type).header('content-length', String(image.length)).send(image);

/** Answers the rendering errors a client can cause; anything else goes to the error handler. */
export async function answerRenderErrors(reply: FastifyReply, work: () => Promise<unknown>): Promise<unknown> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof BadRenderParameter) return reply.code(400).send({ success: false, message: err.message });
    if (err instanceof CannotRender)
      return reply.code(err.status).send({ success: false, message: `แสดงภาพนี้ไม่ได้: ${err.message}` });
    throw err;
  }
}
