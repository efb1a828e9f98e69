import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamIdParamsSchema, ExamSchema, envelope } from '@rangsi/contract';
import { requireUser } from '../../../auth/auth.plugin';
import { httpError } from '../../../http/http.errors';
import { examError } from '../exams.errors';
import type { ExamsService } from '../exams.service';
import type { DicomImportService } from './dicom-import.service';
import { assertStorableText } from '../../../http/input-guard';

const ImportResultSchema = z.object({
  stored: z.number().int(),
  duplicate: z.number().int(),
  skipped: z.number().int(),
  failed: z.array(z.object({ fileName: z.string(), reason: z.string() })),
  exam: ExamSchema,
});

/**
 * POST /api/exam/{id}/dicom/import (multipart/form-data, any number of DICOM files or zips): the images go through
 * the archive's ingest and are linked to this exam. Upload right (EXAM_DOCUMENT_WRITE) or DICOM approval right.
 */
export function dicomImportRoutes(service: DicomImportService, exams: ExamsService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/exam/:id/dicom/import',
      {
        config: { access: { permission: 'EXAM_DOCUMENT_WRITE', anyOf: ['EXAM_DICOM_APPROVE'], scope: 'exam' } },
        schema: {
          params: ExamIdParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(ImportResultSchema) },
          tags: ['exams'],
        },
      },
      async (req) => {
        const user = requireUser(req);
        if (!req.isMultipart()) throw httpError('NO_FILE');
        await service.check(user, req.params.id);
        const report = service.newReport();
        const parts = req.parts({
          limits: {
            files: service.limits.maxFiles,
            fileSize: service.limits.maxFileBytes,
            parts: service.limits.maxFiles + 20,
          },
        });
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          assertStorableText(part.filename, 'file');
          await service.importUpload(user, req.params.id, part.filename || 'file', part.file, report);
        }
        if (report.files === 0 && report.failed.length === 0) throw httpError('NO_FILE');
        if (report.stored + report.duplicate === 0) {
          throw examError('EXAM_IMPORT_NO_DICOM', {
            data: { stored: 0, duplicate: 0, skipped: report.skipped, failed: report.failed },
          });
        }
        if (report.stored > 0) await service.record(user, req.params.id, report);
        const { stored, duplicate, skipped, failed } = report;
        return { success: true, data: { stored, duplicate, skipped, failed, exam: await exams.row(req.params.id) } };
      },
    );
  };
}
