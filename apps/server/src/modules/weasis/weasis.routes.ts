import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamIdParamsSchema } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { languageOfRequest } from '../../http/request-language';
import { dicomwebBase } from '../../dicom/dicomweb/common';
import type { WeasisService } from './weasis.service';

const Params = z.object({ examId: ExamIdParamsSchema.shape.id });
const TokenQuery = z.object({ token: z.string().max(200).optional() });

/**
 * GET /weasis/{examId}?token=: the Weasis manifest (XML, schema 2.5) of the exam's images, pointing at our WADO-URI
 * endpoint. The image right and the worklist's data scope; an exam-scoped link token opens its own exam only.
 */
export function weasisRoutes(service: WeasisService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/weasis/:examId',
      {
        config: { access: { permission: 'EXAM_DICOM', scope: 'exam', tokens: ['weasis'] } },
        schema: { params: Params, querystring: TokenQuery, tags: ['dicomweb'] },
      },
      async (req, reply) => {
        const xml = await service.manifest(requireUser(req), req.params.examId, {
          wadoUrl: `${dicomwebBase(req)}/wado`,
          token: req.query.token,
          language: languageOfRequest(req),
        });
        reply.type('application/xml; charset=utf-8');
        // It names the patient and carries a token: never cached.
        reply.header('cache-control', 'no-store');
        return reply.send(xml);
      },
    );
  };
}
