import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/auth.plugin';
import { sendRefusal } from '../../http/error-handler';
import type { LocalDicomArchive } from '../archive/local-archive';
import { InstanceParams, notAcceptable, READ_ACCESS, SeriesParams, StudyParams, tags } from './common';
import type { DicomwebService, Location } from './dicomweb.service';
import type { StoredInstance } from '../query/dicomweb.repository';
import { CannotRender, cannotRender, dicomwebError } from './dicomweb.errors';
import { answerRenderErrors, frameCount, InstanceRenderer, sendImage } from './render-instance';
import {
  negotiateRendered,
  parseQuality,
  parseViewport,
  parseWindow,
  RENDERED_TYPES,
  VIEWPORT_PATTERN,
  WINDOW_PATTERN,
  type RenderParams,
} from './rendered';
import { negotiateRenderedParts, sendRenderedParts } from './rendered-parts';

/** A series or study thumbnail tries this many images from the middle outwards before giving up. */
const THUMBNAIL_CANDIDATES = 5;

const RenderedQuery = z.looseObject({
  window: z
    .string()
    .max(100)
    .regex(WINDOW_PATTERN, 'window: expected center,width[,function], e.g. window=40,80')
    .optional(),
  viewport: z
    .string()
    .max(100)
    .regex(VIEWPORT_PATTERN, 'viewport: expected vw,vh or vw,vh,sx,sy,sw,sh, e.g. viewport=512,512')
    .optional(),
  quality: z
    .string()
    .max(10)
    .regex(/^\s*\d{1,3}\s*$/, 'quality: a whole number from 1 to 100')
    .optional(),
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

/**
 * WADO-RS rendered and thumbnail resources (PS3.18 §10.4.1.1.3–4, §8.3.5): an instance or one frame rendered as
 * image/jpeg (default) or image/png, with window, viewport and quality; a study or series as multipart/related of its
 * instances' first frames; thumbnails of a study, series, instance or frame. Same permission and data scope as the other WADO-RS reads.
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

    const renderer = new InstanceRenderer(archive);

    const instanceRendered = (
      req: FastifyRequest,
      reply: FastifyReply,
      at: Required<Location>,
      query: Partial<Query>,
      frameText: string | null,
      thumbnail: boolean,
    ) =>
      answerRenderErrors(reply, async () => {
        const type = negotiateRendered(req.headers.accept, query.accept);
        if (!type) return notAcceptable(reply, RENDERED_TYPES.join(' or '));
        const params = paramsOf(query);
        let frameIndex: number | undefined;
        if (frameText !== null) {
          if (!/^\d{1,6}$/.test(frameText) || Number(frameText) < 1) {
            return sendRefusal(reply, dicomwebError('BAD_RENDERED_FRAME'));
          }
          frameIndex = Number(frameText) - 1;
        }
        const [row] = await service.retrieve(requireUser(req), at);
        const parsed = await renderer.load(row!);
        if (frameIndex !== undefined && frameIndex >= frameCount(parsed)) throw dicomwebError('FRAME_NOT_FOUND');
        // An instance's rendered image is its first frame; its thumbnail the middle one (PS3.18 leaves the choice).
        return sendImage(
          reply,
          type,
          await renderer.render(parsed, frameIndex ?? (thumbnail ? undefined : 0), params, type, thumbnail),
        );
      });

    /** A study's or series' thumbnail: the middle image of its first series that renders (then its neighbours). */
    const groupThumbnail = (req: FastifyRequest, reply: FastifyReply, at: Location, query: Partial<Query>) =>
      answerRenderErrors(reply, async () => {
        const type = negotiateRendered(req.headers.accept, query.accept);
        if (!type) return notAcceptable(reply, RENDERED_TYPES.join(' or '));
        const params = paramsOf(query);
        const rows = await service.retrieve(requireUser(req), at);
        const bySeries = new Map<string, StoredInstance[]>();
        for (const row of rows)
          bySeries.set(row.seriesInstanceUid, [...(bySeries.get(row.seriesInstanceUid) ?? []), row]);
        let last: CannotRender | null = null;
        for (const series of bySeries.values()) {
          const middle = Math.floor(series.length / 2);
          const order = series
            .map((_, i) => i)
            .sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))
            .slice(0, THUMBNAIL_CANDIDATES);
          for (const i of order) {
            try {
              return sendImage(
                reply,
                type,
                await renderer.render(await renderer.load(series[i]!), undefined, params, type, true),
              );
            } catch (err) {
              if (!(err instanceof CannotRender)) throw err;
              last = err;
            }
          }
        }
        throw last ?? cannotRender('RENDER_NOTHING');
      });

    /** A study's or series' rendered resource: the first frame of each instance, one part each (rendered-parts.ts). */
    const groupRendered = (req: FastifyRequest, reply: FastifyReply, at: Location, query: Partial<Query>) =>
      answerRenderErrors(reply, async () => {
        const type = negotiateRenderedParts(req.headers.accept, query.accept);
        if (!type)
          return notAcceptable(reply, RENDERED_TYPES.map((t) => `multipart/related; type="${t}"`).join(' or '));
        const params = paramsOf(query);
        return sendRenderedParts(req, reply, await service.retrieve(requireUser(req), at), renderer, params, type);
      });

    const base = '/dicomweb/studies/:study/series/:series/instances/:sop';
    r.get(
      `${base}/rendered`,
      { config, schema: { params: InstanceParams, querystring: RenderedQuery, tags } },
      (req, reply) => instanceRendered(req, reply, req.params, req.query, null, false),
    );
    r.get(
      `${base}/frames/:frames/rendered`,
      { config, schema: { params: FrameParams, querystring: RenderedQuery, tags } },
      (req, reply) =>
        instanceRendered(
          req,
          reply,
          { study: req.params.study, series: req.params.series, sop: req.params.sop },
          req.query,
          req.params.frames,
          false,
        ),
    );
    r.get(
      `${base}/thumbnail`,
      { config, schema: { params: InstanceParams, querystring: ThumbnailQuery, tags } },
      (req, reply) => instanceRendered(req, reply, req.params, req.query, null, true),
    );
    r.get(
      `${base}/frames/:frames/thumbnail`,
      { config, schema: { params: FrameParams, querystring: ThumbnailQuery, tags } },
      (req, reply) =>
        instanceRendered(
          req,
          reply,
          { study: req.params.study, series: req.params.series, sop: req.params.sop },
          req.query,
          req.params.frames,
          true,
        ),
    );
    r.get(
      '/dicomweb/studies/:study/series/:series/thumbnail',
      { config, schema: { params: SeriesParams, querystring: ThumbnailQuery, tags } },
      (req, reply) => groupThumbnail(req, reply, { study: req.params.study, series: req.params.series }, req.query),
    );
    r.get(
      '/dicomweb/studies/:study/thumbnail',
      { config, schema: { params: StudyParams, querystring: ThumbnailQuery, tags } },
      (req, reply) => groupThumbnail(req, reply, { study: req.params.study }, req.query),
    );
    r.get(
      '/dicomweb/studies/:study/series/:series/rendered',
      { config, schema: { params: SeriesParams, querystring: RenderedQuery, tags } },
      (req, reply) => groupRendered(req, reply, { study: req.params.study, series: req.params.series }, req.query),
    );
    r.get(
      '/dicomweb/studies/:study/rendered',
      { config, schema: { params: StudyParams, querystring: RenderedQuery, tags } },
      (req, reply) => groupRendered(req, reply, { study: req.params.study }, req.query),
    );
  };
}
