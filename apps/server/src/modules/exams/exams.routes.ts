import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignExamSchema,
  DoctorOptionSchema,
  ExamActionSchema,
  ExamIdParamsSchema,
  ExamMessageActionSchema,
  ExamSchema,
  ExamSearchResultSchema,
  ExamSearchSchema,
  ExamTokenRequestSchema,
  ExamUpdateInformationSchema,
  RecordConditionSchema,
  SeriesSchema,
  envelope,
} from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { forbidden } from '../../http/domain-error';
import type { ExamsService } from './exams.service';
import type { RecordConditionService } from './record-condition.service';

const PageQuery = z.object({ page: z.coerce.number().int().min(1, 'page เริ่มที่ 1').max(100_000).optional() });
const BranchParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['exams'];

import type { IssueExamToken } from '../../auth/token.service';

export type { IssueExamToken };

/** The worklist calls of spec §7 "Exams" and their UI data; each declares its permission and reads exams in scope. */
export function examsRoutes(service: ExamsService, conditions: RecordConditionService, issueToken: IssueExamToken) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const exam = envelope(ExamSchema);

    r.post(
      '/api/exam/search',
      {
        config: { access: { permission: 'EXAM_SEARCH', scope: 'exam' } },
        schema: {
          querystring: PageQuery,
          body: ExamSearchSchema,
          response: { 200: envelope(ExamSearchResultSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.search(requireUser(req), { ...req.body, page: req.query.page ?? req.body.page }),
      }),
    );

    // The viewer frame's overlay (patient name, HN, study date) reads it with the frame's viewer token.
    r.get(
      '/api/exam/:id',
      {
        config: { access: { permission: 'EXAM_SEARCH', scope: 'exam', tokens: ['viewer'] } },
        schema: { params: ExamIdParamsSchema, response: { 200: exam }, tags },
      },
      async (req) => ({ success: true, data: await service.get(requireUser(req), req.params.id) }),
    );

    r.post(
      '/api/exam/:id/accept',
      {
        config: { access: { permission: 'EXAM_SEARCH', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, body: ExamActionSchema, response: { 200: exam }, tags },
      },
      async (req) => ({
        success: true,
        data: await service.accept(requireUser(req), req.params.id, req.body?.version),
      }),
    );

    r.post(
      '/api/exam/:id/reject',
      {
        config: { access: { permission: 'EXAM_SEARCH', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, body: ExamMessageActionSchema.nullish(), response: { 200: exam }, tags },
      },
      async (req) => ({
        success: true,
        data: await service.reject(requireUser(req), req.params.id, req.body?.message, req.body?.version),
      }),
    );

    r.post(
      '/api/exam/:id/delete',
      {
        config: { access: { permission: 'EXAM_DELETE', scope: 'exam' } },
        schema: {
          params: ExamIdParamsSchema,
          body: ExamActionSchema,
          response: { 200: envelope(z.object({ examId: z.string() })) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.delete(requireUser(req), req.params.id, req.body?.version),
      }),
    );

    r.post(
      '/api/exam/:id/unzip',
      {
        config: { access: { permission: 'EXAM_DICOM', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, body: ExamActionSchema, response: { 200: exam }, tags },
      },
      async (req) => ({ success: true, data: await service.unzip(requireUser(req), req.params.id, req.body?.version) }),
    );

    r.get(
      '/api/exam/:examId/getUpdateInformation',
      {
        config: { access: { permission: 'EXAM_EDIT', scope: 'exam' } },
        schema: { params: z.object({ examId: ExamIdParamsSchema.shape.id }), tags },
      },
      async (req) => ({ success: true, data: await service.updateInformationOf(requireUser(req), req.params.examId) }),
    );

    r.post(
      '/api/exam/:id/update',
      {
        config: { access: { permission: 'EXAM_EDIT', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, body: ExamUpdateInformationSchema, response: { 200: exam }, tags },
      },
      async (req) => ({
        success: true,
        data: await service.updateInformation(requireUser(req), req.params.id, req.body),
      }),
    );

    r.post(
      '/api/exam/:id/assign',
      {
        config: { access: { permission: 'EXAM_ASSIGN', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, body: AssignExamSchema, response: { 200: exam }, tags },
      },
      async (req) => ({ success: true, data: await service.assign(requireUser(req), req.params.id, req.body) }),
    );

    for (const decision of ['approve', 'reject'] as const) {
      r.post(
        `/api/exam/:id/dicom/${decision}`,
        {
          config: { access: { permission: 'EXAM_DICOM_APPROVE', scope: 'exam' } },
          schema: {
            params: ExamIdParamsSchema,
            body: ExamMessageActionSchema.nullish(),
            response: { 200: exam },
            tags,
          },
        },
        async (req) => ({
          success: true,
          data: await service.dicomAudit(
            requireUser(req),
            req.params.id,
            decision,
            req.body?.message,
            req.body?.version,
          ),
        }),
      );

      r.post(
        `/api/exam/:id/report/${decision}`,
        {
          config: { access: { permission: 'EXAM_REPORT_APPROVE', scope: 'exam' } },
          schema: {
            params: ExamIdParamsSchema,
            body: ExamMessageActionSchema.nullish(),
            response: { 200: exam },
            tags,
          },
        },
        async (req) => ({
          success: true,
          data: await service.reportAudit(
            requireUser(req),
            req.params.id,
            decision,
            req.body?.message,
            req.body?.version,
          ),
        }),
      );
    }

    r.post(
      '/api/exam/:id/dicom/delete',
      {
        config: { access: { permission: 'EXAM_DICOM_DELETE', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, body: ExamActionSchema, response: { 200: exam }, tags },
      },
      async (req) => ({
        success: true,
        data: await service.dicomDelete(requireUser(req), req.params.id, req.body?.version),
      }),
    );

    r.get(
      '/api/exam/:id/relate',
      {
        config: { access: { permission: 'EXAM_SEARCH', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, response: { 200: envelope(z.array(ExamSchema)) }, tags },
      },
      async (req) => ({ success: true, data: await service.related(requireUser(req), req.params.id) }),
    );

    r.get(
      '/api/exam/:id/series',
      {
        config: { access: { permission: 'EXAM_DICOM', scope: 'exam', tokens: ['viewer', 'link'] } },
        schema: { params: ExamIdParamsSchema, response: { 200: envelope(z.array(SeriesSchema)) }, tags },
      },
      async (req) => ({ success: true, data: await service.series(requireUser(req), req.params.id) }),
    );

    // A short-lived token for the places that carry it in the query (viewer frame, Weasis manifest, CD helper).
    // Images need the image right; the CD helper's export also takes the request list's export right.
    r.post(
      '/api/exam/:id/token',
      {
        config: { access: { permission: 'EXAM_DICOM', anyOf: ['REQUEST_EXPORT'], scope: 'exam' } },
        schema: {
          params: ExamIdParamsSchema,
          body: ExamTokenRequestSchema,
          response: { 200: envelope(z.object({ token: z.string(), expiresAt: z.string() })) },
          tags,
        },
      },
      async (req) => {
        const user = requireUser(req);
        const purpose = req.body?.purpose ?? 'viewer';
        if (purpose !== 'export' && !user.permissions.has('EXAM_DICOM')) throw forbidden();
        await service.load(user, req.params.id);
        const t = await issueToken(user, req.params.id, purpose);
        return { success: true, data: { token: t.token, expiresAt: t.expiresAt.toISOString() } };
      },
    );

    r.get(
      '/api/uidata/recordCondition',
      {
        config: { access: { permission: 'EXAM_SEARCH', scope: 'exam' } },
        schema: { response: { 200: envelope(RecordConditionSchema) }, tags },
      },
      async (req) => ({ success: true, data: await conditions.recordCondition(requireUser(req)) }),
    );

    r.get(
      '/api/uidata/assignabledoctor/:id',
      {
        config: { access: { permission: 'EXAM_ASSIGN', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema, response: { 200: envelope(z.array(DoctorOptionSchema)) }, tags },
      },
      async (req) => ({ success: true, data: await service.assignableDoctors(requireUser(req), req.params.id) }),
    );

    r.get(
      '/api/uidata/branch/:id/dutyDoctor',
      {
        config: { access: { permission: 'EXAM_ASSIGN', scope: 'none' } },
        schema: { params: BranchParams, response: { 200: envelope(DoctorOptionSchema.nullable()) }, tags },
      },
      async (req) => ({ success: true, data: (await service.dutyDoctor(requireUser(req), req.params.id)) ?? null }),
    );
  };
}
