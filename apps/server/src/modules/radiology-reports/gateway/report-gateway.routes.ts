import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamIdParamsSchema } from '@rangsi/contract';
import { requireUser } from '../../../auth/auth.plugin';
import type { ReportGatewayService } from './report-gateway.service';

const Params = z.object({ examId: ExamIdParamsSchema.shape.id, id: z.string().uuid('ไม่พบรายงานที่เสร็จแล้ว') });
const PingResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({
    gatewayStatus: z.string(),
    gatewayAttempts: z.number().int(),
    gatewayLastAttemptAt: z.string().nullable(),
    retryQueued: z.boolean(),
  }),
});

/** Spec §7 Reports: `POST /api/exam/{examId}/report/{id}/ping-gateway` (spec §8: a failure answers success false). */
export function reportGatewayRoutes(service: ReportGatewayService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/exam/:examId/report/:id/ping-gateway',
      {
        config: { access: { permission: 'EXAM_REPORT', scope: 'exam' } },
        schema: { params: Params, response: { 200: PingResultSchema }, tags: ['reports'] },
      },
      async (req) => service.ping(requireUser(req), req.params.examId, req.params.id),
    );
  };
}
