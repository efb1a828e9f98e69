import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamIdParamsSchema } from '@rangsi/contract';
import type { AuditService } from '../../audit/audit.service';
import { requireUser } from '../../auth/auth.plugin';
import type { Database } from '../../db/client';
import { languageOfRequest } from '../../http/request-language';
import type { IssueExamToken } from '../exams/exams.routes';
import type { ExamsService } from '../exams/exams.service';
import { dicomwebBase } from '../../dicom/dicomweb/common';
import { WeasisRepository } from './weasis.repository';
import { WeasisService } from './weasis.service';

const Params = z.object({ examId: ExamIdParamsSchema.shape.id });
const TokenQuery = z.object({ token: z.string().max(200).optional() });

export interface WeasisRouteDeps {
  db: Database;
  exams: ExamsService;
  audit: AuditService;
  issueToken: IssueExamToken;
  /** arcId of the manifest (DICOM_AE_TITLE). */
  aeTitle: string;
}

/**
 * GET /weasis/{examId}?token=: the Weasis manifest (XML, schema 2.5) of the exam's images, pointing at our WADO-URI
 * endpoint. The image right and the worklist's data scope; an exam-scoped link token opens its own exam only.
 */
export function weasisRoutes(deps: WeasisRouteDeps) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const service = new WeasisService({
      repo: new WeasisRepository(deps.db),
      exams: deps.exams,
      audit: deps.audit,
      issueToken: deps.issueToken,
      arcId: deps.aeTitle,
    });
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
