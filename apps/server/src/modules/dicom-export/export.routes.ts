import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DicomExportQuerySchema, DicomExportReadySchema, ExamIdParamsSchema } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { RouteAccess } from '../../auth/route-access';
import { say } from '../../http/request-language';
import { msg } from '../../i18n/catalogue';
import type { DicomExportService } from './export.service';

/**
 * Downloading an exam's images: the image right (EXAM_DICOM: CD folder, RadiAnt) or the export right of the request
 * list (REQUEST_EXPORT: the Link role exports films), on exams in the user's scope. The CD helper's export token and a
 * film link's token read their own exam's export too.
 */
export const EXPORT_ACCESS: RouteAccess = {
  permission: 'EXAM_DICOM',
  anyOf: ['REQUEST_EXPORT'],
  scope: 'exam',
  tokens: ['export', 'link'],
};

const Params = z.object({ examId: ExamIdParamsSchema.shape.id });
const tags = ['exams'];

/** Ready: success with data. Preparing: success, no data yet, and the progress (spec §4: poll until it succeeds with data). */
const CheckAnswer = z.object({
  success: z.boolean(),
  data: DicomExportReadySchema.nullable(),
  message: z.string().optional(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
});

/**
 * GET /dicom/export/{examId}/check and GET /dicom/export/{examId} (spec §7 Exams), each with ?profile=as-stored (the
 * default: files as the archive holds them) or ?profile=STD-GEN-CD (the general-purpose CD: explicit VR little endian).
 */
export function dicomExportRoutes(service: DicomExportService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    service.start();
    app.addHook('onClose', async () => service.close());
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/dicom/export/:examId/check',
      {
        config: { access: EXPORT_ACCESS },
        schema: { params: Params, querystring: DicomExportQuerySchema, response: { 200: CheckAnswer }, tags },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const result = await service.check(requireUser(req), req.params.examId, req.query.profile);
        if (result.state === 'ready') return { success: true, data: result.ready };
        return {
          success: true,
          data: null,
          message: say(req, msg('EXPORT_PROGRESS', { done: result.done, total: result.total })),
          progress: { done: result.done, total: result.total },
        };
      },
    );

    r.get(
      '/dicom/export/:examId',
      {
        config: { access: EXPORT_ACCESS },
        schema: { params: Params, querystring: DicomExportQuerySchema, tags },
      },
      async (req, reply) => {
        const file = await service.download(requireUser(req), req.params.examId, req.query.profile);
        reply.type('application/zip');
        reply.header('content-length', String(file.sizeBytes));
        reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
        reply.header('cache-control', 'no-store');
        return reply.send(file.stream);
      },
    );
  };
}
