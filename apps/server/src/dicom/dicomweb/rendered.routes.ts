import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/auth.plugin';
import { notFound } from '../../http/domain-error';
import type { LocalDicomArchive } from '../archive/local-archive';
import { decodeFrame, parseBytes, UnsupportedImage, type ParsedFile } from '../thumbnails/decode-frame';
import { THUMBNAIL_SIZE } from '../thumbnails/render';
import { InstanceParams, notAcceptable, READ_ACCESS, SeriesParams, StudyParams, tags } from './common';
import type { DicomwebService, Location } from './dicomweb.service';
import type { StoredInstance } from './dicomweb.repository';
import {
  BadRenderParameter, negotiateRendered, parseQuality, parseViewport, parseWindow, RENDERED_TYPES, renderFrame,
  VIEWPORT_PATTERN, WINDOW_PATTERN, type RenderedType, type RenderParams,
} from './rendered';

/** Bigger instances are not read whole to render them (the thumbnail service's limit). */
const MAX_RENDER_SOURCE_BYTES = 256 * 1024 * 1024;
/** A series or study thumbnail tries this many images from the middle outwards before giving up. */
const THUMBNAIL_CANDIDATES = 5;

const RenderedQuery = z.looseObject({
  window: z.string().max(100).regex(WINDOW_PATTERN, 'window: expected center,width[,function], e.g. window=40,80').optional(),
  viewport: z.string().max(100).regex(VIEWPORT_PATTERN, 'viewport: expected vw,vh or vw,vh,sx,sy,sw,sh, e.g. viewport=512,512').optional(),
  quality: z.string().max(10).regex(/^\s*\d{1,3}\s*$/, 'quality: a whole number from 1 to 100').optional(),
  accept: z.string().max(200).optional(),
  /** Burned-in annotation (patient, technique) is not offered: the image is rendered without it. */
  annotation: z.string().max(100).optional(),
});
const ThumbnailQuery = z.looseObject({
  viewport: RenderedQuery.shape.viewport,
  accept: RenderedQuery.shape.accept,
});
type Query = z.infer<typeof RenderedQuery>;
const FrameParams = InstanceParams.extend({ frames: z.string().max(7000) });

/** Why an instance cannot be rendered: nothing to draw (406) or pixel data we cannot decode (415). */
class CannotRender extends Error {
  constructor(readonly status: 406 | 415, message: string) {
    super(message);
  }
}

/**
 * WADO-RS rendered and thumbnail resources (PS3.18 §10.4.1.1.3–4, §8.3.5): an instance or one frame rendered as
 * image/jpeg (default) or image/png, with window, viewport and quality; thumbnails of a study, series, instance or
 * frame. Same permission and data scope as the other WADO-RS reads.
 */
export function renderedRoutes(service: DicomwebService, archive: LocalDicomArchive) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: READ_ACCESS };

    /** The query's rendering parameters; a bad value throws BadRenderParameter (400 with a clear message). */
    const paramsOf = (query: Partial<Query>): RenderParams => ({
      window: query.window !== undefined ? parseWindow(query.window) : undefined,
      viewport: query.viewport !== undefined ? parseViewport(query.viewport) : undefined,
      quality: query.quality !== undefined ? parseQuality(query.quality) : undefined,
    });

    const load = async (row: StoredInstance): Promise<ParsedFile> => {
      if (row.sizeBytes > MAX_RENDER_SOURCE_BYTES) throw new CannotRender(415, 'this image is too large to render on the server; retrieve it as DICOM');
      const body = await archive.openStored(row);
      if (!body) throw notFound('ไม่พบไฟล์ภาพ');
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      try {
        return parseBytes(Buffer.concat(chunks));
      } catch {
        throw new CannotRender(415, 'the stored file cannot be read as an image');
      }
    };

    /** Renders frame `frameIndex` (0-based; the middle one when undefined) of a parsed instance. */
    const render = async (parsed: ParsedFile, frameIndex: number | undefined, params: RenderParams, type: RenderedType, thumbnail: boolean): Promise<Buffer> => {
      const { ds, ts } = parsed;
      if (!ds.elements.x7fe00010) throw new CannotRender(406, 'this instance has no image to render (no pixel data); retrieve it as DICOM');
      const sourceSize = { width: ds.uint16('x00280011') ?? 0, height: ds.uint16('x00280010') ?? 0 };
      // JPEG 2000 decodes at the smallest resolution that still fills the output; a source region needs it all.
      const target = params.viewport?.region ? Number.POSITIVE_INFINITY : params.viewport ? Math.max(params.viewport.width, params.viewport.height) : thumbnail ? THUMBNAIL_SIZE : Number.POSITIVE_INFINITY;
      let frame;
      try {
        frame = await decodeFrame(parsed, target, frameIndex);
      } catch (err) {
        if (err instanceof UnsupportedImage) throw new CannotRender(415, `the pixel data cannot be decoded for rendering (${err.message}; transfer syntax ${ts}); retrieve it as DICOM`);
        throw err;
      }
      return renderFrame(frame, params, type, { thumbnail, sourceSize });
    };

    const send = (reply: FastifyReply, type: RenderedType, image: Buffer) => reply.type(type).header('content-length', String(image.length)).send(image);

    /** Answers the rendering errors a client can cause; anything else goes to the error handler. */
    const guarded = async (reply: FastifyReply, work: () => Promise<unknown>) => {
      try {
        return await work();
      } catch (err) {
        if (err instanceof BadRenderParameter) return reply.code(400).send({ success: false, message: err.message });
        if (err instanceof CannotRender) return reply.code(err.status).send({ success: false, message: `แสดงภาพนี้ไม่ได้: ${err.message}` });
        throw err;
      }
    };

    const instanceRendered = (req: FastifyRequest, reply: FastifyReply, at: Required<Location>, query: Partial<Query>, frameText: string | null, thumbnail: boolean) =>
      guarded(reply, async () => {
        const type = negotiateRendered(req.headers.accept, query.accept);
        if (!type) return notAcceptable(reply, RENDERED_TYPES.join(' or '));
        const params = paramsOf(query);
        let frameIndex: number | undefined;
        if (frameText !== null) {
          if (!/^\d{1,6}$/.test(frameText) || Number(frameText) < 1) {
            return reply.code(400).send({ success: false, message: 'frames: one 1-based frame number (rendered frames are answered one at a time)' });
          }
          frameIndex = Number(frameText) - 1;
        }
        const [row] = await service.retrieve(requireUser(req), at);
        const parsed = await load(row!);
        const frames = Math.max(1, parsed.ds.intString('x00280008') ?? 1);
        if (frameIndex !== undefined && frameIndex >= frames) throw notFound('ไม่มีเฟรมนี้ในภาพ');
        // An instance's rendered image is its first frame; its thumbnail the middle one (PS3.18 leaves the choice).
        return send(reply, type, await render(parsed, frameIndex ?? (thumbnail ? undefined : 0), params, type, thumbnail));
      });

    /** A study's or series' thumbnail: the middle image of its first series that renders (then its neighbours). */
    const groupThumbnail = (req: FastifyRequest, reply: FastifyReply, at: Location, query: Partial<Query>) =>
      guarded(reply, async () => {
        const type = negotiateRendered(req.headers.accept, query.accept);
        if (!type) return notAcceptable(reply, RENDERED_TYPES.join(' or '));
        const params = paramsOf(query);
        const rows = await service.retrieve(requireUser(req), at);
        const bySeries = new Map<string, StoredInstance[]>();
        for (const row of rows) bySeries.set(row.seriesInstanceUid, [...(bySeries.get(row.seriesInstanceUid) ?? []), row]);
        let last: CannotRender | null = null;
        for (const series of bySeries.values()) {
          const middle = Math.floor(series.length / 2);
          const order = series.map((_, i) => i).sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle)).slice(0, THUMBNAIL_CANDIDATES);
          for (const i of order) {
            try {
              return send(reply, type, await render(await load(series[i]!), undefined, params, type, true));
            } catch (err) {
              if (!(err instanceof CannotRender)) throw err;
              last = err;
            }
          }
        }
        throw last ?? new CannotRender(406, 'nothing here can be rendered as an image');
      });

    const base = '/dicomweb/studies/:study/series/:series/instances/:sop';
    r.get(`${base}/rendered`, { config, schema: { params: InstanceParams, querystring: RenderedQuery, tags } },
      (req, reply) => instanceRendered(req, reply, req.params, req.query, null, false));
    r.get(`${base}/frames/:frames/rendered`, { config, schema: { params: FrameParams, querystring: RenderedQuery, tags } },
      (req, reply) => instanceRendered(req, reply, { study: req.params.study, series: req.params.series, sop: req.params.sop }, req.query, req.params.frames, false));
    r.get(`${base}/thumbnail`, { config, schema: { params: InstanceParams, querystring: ThumbnailQuery, tags } },
      (req, reply) => instanceRendered(req, reply, req.params, req.query, null, true));
    r.get(`${base}/frames/:frames/thumbnail`, { config, schema: { params: FrameParams, querystring: ThumbnailQuery, tags } },
      (req, reply) => instanceRendered(req, reply, { study: req.params.study, series: req.params.series, sop: req.params.sop }, req.query, req.params.frames, true));
    r.get('/dicomweb/studies/:study/series/:series/thumbnail', { config, schema: { params: SeriesParams, querystring: ThumbnailQuery, tags } },
      (req, reply) => groupThumbnail(req, reply, { study: req.params.study, series: req.params.series }, req.query));
    r.get('/dicomweb/studies/:study/thumbnail', { config, schema: { params: StudyParams, querystring: ThumbnailQuery, tags } },
      (req, reply) => groupThumbnail(req, reply, { study: req.params.study }, req.query));
  };
}
