import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamIdParamsSchema, envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { answerRenderErrors, sendImage } from '../../dicom/dicomweb/render-instance';
import type { ThumbnailService } from '../../dicom/thumbnails/thumbnail.service';
import type { FirstImagePreview } from './first-image-preview';
import { viewerError } from './viewer.errors';
import type { ViewerService } from './viewer.service';

const tags = ['exams'];
export const SeriesParamsSchema = ExamIdParamsSchema.extend({ seriesId: z.string().uuid('ไม่พบ series') });
/** The orientation key of the series list: six numbers joined by commas, or empty for images without one. */
export const OrientationQuery = z.object({
  orientation: z
    .string()
    .max(120)
    .regex(/^$|^-?[0-9.]+(,-?[0-9.]+){5}$/, 'orientation: six numbers separated by commas')
    .optional(),
  token: z.string().max(200).optional(),
});

const InstancesSchema = z.object({
  studyInstanceUid: z.string(),
  seriesInstanceUid: z.string(),
  orientation: z.string().nullable(),
  modality: z.string().nullable(),
  frameOfReferenceUid: z.string().nullable(),
  instances: z.array(
    z.object({
      sopInstanceUid: z.string(),
      sopClassUid: z.string(),
      instanceNumber: z.number().int().nullable(),
      numberOfFrames: z.number().int(),
      imageOrientationPatient: z.string().nullable(),
      imagePositionPatient: z.array(z.number()).nullable(),
      patientOrientation: z.tuple([z.string(), z.string()]).nullable(),
      laterality: z.enum(['R', 'L']).nullable(),
      viewPosition: z.string().nullable(),
      pixelSpacing: z.tuple([z.number(), z.number()]).nullable(),
      imagerPixelSpacing: z.tuple([z.number(), z.number()]).nullable(),
      wadoUri: z.string(),
      wadoRs: z.string(),
    }),
  ),
});

/**
 * GET /api/exam/{id}/series/{seriesId}/instances: the image list the viewer loads for DicomViewer/{examId}/{seriesId}/{orientation};
 * GET /api/exam/{id}/series/{seriesId}/thumbnail[?orientation=]: the series' 128 px PNG;
 * GET /api/exam/{id}/series/{seriesId}/preview[?orientation=]: the viewer's first image as a JPEG (decision V15).
 */
export function viewerRoutes(service: ViewerService, thumbnails: ThumbnailService, preview: FirstImagePreview) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/exam/:id/series/:seriesId/instances',
      {
        config: { access: { permission: 'EXAM_DICOM', scope: 'exam', tokens: ['viewer', 'link'] } },
        schema: {
          params: SeriesParamsSchema,
          querystring: OrientationQuery,
          response: { 200: envelope(InstancesSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.instances(requireUser(req), req.params.id, req.params.seriesId, req.query.orientation),
      }),
    );

    r.get(
      '/api/exam/:id/series/:seriesId/thumbnail',
      {
        config: { access: { permission: 'EXAM_DICOM', scope: 'exam', tokens: ['viewer', 'link'] } },
        schema: { params: SeriesParamsSchema, querystring: OrientationQuery, tags },
      },
      async (req, reply) => {
        const series = await service.series(requireUser(req), req.params.id, req.params.seriesId);
        const png = await thumbnails.thumbnail(series.seriesId, series.thumbnailKey, req.query.orientation);
        if (!png) throw viewerError('NO_THUMBNAIL');
        reply.type('image/png');
        reply.header('cache-control', 'private, max-age=300');
        return reply.send(png);
      },
    );

    r.get(
      '/api/exam/:id/series/:seriesId/preview',
      {
        config: { access: { permission: 'EXAM_DICOM', scope: 'exam', tokens: ['viewer', 'link'] } },
        schema: { params: SeriesParamsSchema, querystring: OrientationQuery, tags },
      },
      (req, reply) =>
        answerRenderErrors(reply, async () => {
          const jpeg = await preview.render(
            requireUser(req),
            req.params.id,
            req.params.seriesId,
            req.query.orientation,
          );
          // Short: images added to the series may change which one comes first.
          reply.header('cache-control', 'private, max-age=60');
          return sendImage(reply, 'image/jpeg', jpeg);
        }),
    );
  };
}
