import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReportTemplateSchema,
  ExamReportParamsSchema,
  ExamReportQuerySchema,
  ExamReportSchema,
  FinishedReportParamsSchema,
  FinishedReportViewerParamsSchema,
  FinishReportResultSchema,
  FinishReportSchema,
  ReportDraftSchema,
  ReportTemplateSchema,
  SaveReportDraftSchema,
  envelope,
} from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { ExamReportsService } from './reports.service';

const tags = ['reports'];
/** Reports are read and written by people with a session; exam link tokens (viewer, Weasis) do not open them. */
const access = { permission: 'EXAM_REPORT', scope: 'report' } as const;

/**
 * The radiology report of an exam (issue 8): GET /api/exam/{examId}/report/{name}?isIncludeFinished=, the draft's
 * autosave, Finish, the refusal to change a finished version, GET /ReportViewer/finishedReport/{id}/{finishedReportId}
 * (the saved PDF) and the reader's own templates.
 */
export function examReportsRoutes(service: ExamReportsService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/exam/:examId/report/:name',
      {
        config: { access },
        schema: {
          params: ExamReportParamsSchema,
          querystring: ExamReportQuerySchema,
          response: { 200: envelope(ExamReportSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.get(
          requireUser(req),
          req.params.examId,
          req.params.name,
          req.query.isIncludeFinished ?? true,
        ),
      }),
    );

    r.put(
      '/api/exam/:examId/report/:name/draft',
      {
        config: { access },
        schema: {
          params: ExamReportParamsSchema,
          body: SaveReportDraftSchema,
          response: { 200: envelope(ReportDraftSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.saveDraft(requireUser(req), req.params.examId, req.params.name, req.body),
      }),
    );

    r.post(
      '/api/exam/:examId/report/:name/finish',
      {
        config: { access },
        schema: {
          params: ExamReportParamsSchema,
          body: FinishReportSchema,
          response: { 200: envelope(FinishReportResultSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.finish(requireUser(req), req.params.examId, req.params.name, req.body),
      }),
    );

    // A finished version is never changed (issue 8): every write to one is a 409 that points to an addendum.
    for (const method of ['PUT', 'PATCH', 'POST', 'DELETE'] as const) {
      r.route({
        method,
        url: '/api/exam/:examId/report/:name/finished/:finishedReportId',
        config: { access },
        schema: { params: FinishedReportParamsSchema, body: z.unknown().optional(), tags },
        handler: async (req) =>
          service.editFinished(requireUser(req), req.params.examId, req.params.name, req.params.finishedReportId),
      });
    }

    r.get(
      '/ReportViewer/finishedReport/:id/:finishedReportId',
      {
        config: { access },
        schema: { params: FinishedReportViewerParamsSchema, tags },
      },
      async (req, reply) => {
        const pdf = await service.finishedPdf(requireUser(req), req.params.id, req.params.finishedReportId);
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `inline; filename="${pdf.fileName}"`);
        // Immutable once stored, but who may open it can change (audit): the browser asks every time.
        reply.header('cache-control', 'private, no-cache');
        return reply.send(pdf.stream);
      },
    );

    r.post(
      '/api/report/templates',
      {
        config: { access: { permission: 'EXAM_REPORT', scope: 'none' } },
        schema: { body: CreateReportTemplateSchema, response: { 200: envelope(ReportTemplateSchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.createTemplate(requireUser(req), req.body) }),
    );
  };
}
