import type { FastifyReply } from 'fastify';
import { sendRefusal } from '../../http/error-handler';
import type { LocalDicomArchive } from '../archive/local-archive';
import { decodeFrame, UnsupportedImage, type ParsedFile } from '../thumbnails/decode-frame';
import { parsedInstances } from '../thumbnails/parsed-instances';
import { THUMBNAIL_SIZE } from '../thumbnails/render';
import type { StoredInstance } from '../query/dicomweb.repository';
import { BadRenderParameter, CannotRender, cannotRender, dicomwebError } from './dicomweb.errors';
import { renderFrame, type RenderedType, type RenderParams } from './rendered';

export { CannotRender } from './dicomweb.errors';

/** Bigger instances are not read whole to render them (the thumbnail service's limit). */
const MAX_RENDER_SOURCE_BYTES = 256 * 1024 * 1024;

/** Reading and rendering stored instances, shared by WADO-RS rendered/thumbnail and WADO-URI images. */
export class InstanceRenderer {
  constructor(private readonly archive: LocalDicomArchive) {}

  async load(row: StoredInstance): Promise<ParsedFile> {
    if (row.sizeBytes > MAX_RENDER_SOURCE_BYTES) throw cannotRender('RENDER_TOO_LARGE');
    let parsed: ParsedFile | null;
    try {
      parsed = await parsedInstances.load(row.storageKey, () => this.archive.openStored(row));
    } catch (err) {
      // A deflated data set past its limit (one stored before the limit existed) is named; other failures are not.
      throw err instanceof UnsupportedImage
        ? cannotRender('RENDER_UNSUPPORTED', { detail: err.message })
        : cannotRender('RENDER_UNREADABLE');
    }
    if (!parsed) throw dicomwebError('IMAGE_FILE_NOT_FOUND');
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
    if (!ds.elements.x7fe00010) throw cannotRender('RENDER_NO_PIXELS');
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
        throw cannotRender('RENDER_UNDECODABLE', { detail: err.message, syntax: ts });
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
    if (err instanceof BadRenderParameter || err instanceof CannotRender) return sendRefusal(reply, err);
    throw err;
  }
}
