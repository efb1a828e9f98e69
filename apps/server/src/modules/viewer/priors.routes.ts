import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamIdParamsSchema, ViewerPriorSchema, envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { ViewerPriorsService } from './priors.service';

/**
 * GET /api/exam/{id}/priors[?token=]: the patient's earlier exams with images for the viewer's compare layout, each
 * with its own exam token. Opened by the viewer frame's exam token (GET, scope exam) or a session.
 */
export function viewerPriorsRoutes(service: ViewerPriorsService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/exam/:id/priors',
      {
        config: { access: { permission: 'EXAM_DICOM', scope: 'exam', tokens: ['viewer'] } },
        schema: {
          params: ExamIdParamsSchema,
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: envelope(z.array(ViewerPriorSchema)) },
          tags: ['exams'],
        },
      },
      async (req, reply) => {
        const data = await service.priors(requireUser(req), req.params.id);
        // The answer carries tokens: never kept by a cache.
        reply.header('cache-control', 'no-store');
        return { success: true as const, data };
      },
    );
  };
}
