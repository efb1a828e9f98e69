import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  ExamSchema,
  MatchStudyBodySchema,
  StudyIdParamsSchema,
  UnmatchedStudiesQuerySchema,
  UnmatchedStudiesSchema,
} from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { UnmatchedStudiesService } from './unmatched.service';

const tags = ['dicom'];

/** GET /api/dicom/unmatched and POST /api/dicom/unmatched/{studyId}/match (DICOM approval right, DICOM scope). */
export function unmatchedStudiesRoutes(service: UnmatchedStudiesService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: { permission: 'EXAM_DICOM_APPROVE', scope: 'dicom' } } as const;
    r.get(
      '/api/dicom/unmatched',
      {
        config,
        schema: { querystring: UnmatchedStudiesQuerySchema, response: { 200: envelope(UnmatchedStudiesSchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.list(requireUser(req), req.query) }),
    );
    r.post(
      '/api/dicom/unmatched/:studyId/match',
      {
        config,
        schema: {
          params: StudyIdParamsSchema,
          body: MatchStudyBodySchema,
          response: { 200: envelope(ExamSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.match(requireUser(req), req.params.studyId, req.body.examId),
      }),
    );
  };
}
