import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamIdParamsSchema, envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { httpError } from '../../http/http.errors';
import { sendStoredFile } from '../../http/stored-file-reply';
import type { StoredFile } from '../../storage/file-store';
import type { ExamDocumentsService, ExamUploadKind } from './exam-documents.service';
import { assertStorableText } from '../../http/input-guard';

const DocumentEntrySchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  uploadBy: z.string(),
  uploadDate: z.string(),
});
const KindParams = ExamIdParamsSchema.extend({ kind: z.enum(['document', 'file']) });
const tags = ['exams'];

/** POST/GET /api/exam/{id}/{document|file} and GET /api/exam/{examId}/document/{documentId}. */
export function examDocumentsRoutes(service: ExamDocumentsService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/exam/:id/:kind',
      {
        config: { access: { permission: 'EXAM_DOCUMENT_WRITE', scope: 'exam' } },
        schema: { params: KindParams, consumes: ['multipart/form-data'], tags },
      },
      async (req) => {
        const user = requireUser(req);
        if (!req.isMultipart()) throw httpError('NO_FILE');
        const kind: ExamUploadKind = req.params.kind;
        let stored: StoredFile | undefined;
        let original = '';
        let prefix: string | undefined;
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || stored) {
              part.file.resume();
              continue;
            }
            original = part.filename;
            assertStorableText(original, 'file');
            await service.checkUpload(user, req.params.id, kind, original);
            stored = await service.receive(part.file);
          } else if (part.fieldname === 'fileName' && typeof part.value === 'string') {
            assertStorableText(part.value, 'fileName');
            prefix = part.value.slice(0, 150);
          }
        }
        if (!stored || !original) throw httpError('NO_FILE');
        return { success: true, data: await service.attach(user, req.params.id, kind, stored, original, prefix) };
      },
    );

    r.get(
      '/api/exam/:id/:kind',
      {
        config: { access: { permission: 'EXAM_DOCUMENT', scope: 'exam' } },
        schema: { params: KindParams, response: { 200: envelope(z.array(DocumentEntrySchema)) }, tags },
      },
      async (req) => ({ success: true, data: await service.list(requireUser(req), req.params.id, req.params.kind) }),
    );

    r.get(
      '/api/exam/:id/document/:documentId',
      {
        config: { access: { permission: 'EXAM_DOCUMENT', scope: 'exam' } },
        schema: { params: ExamIdParamsSchema.extend({ documentId: z.string().uuid() }), tags },
      },
      async (req, reply) => {
        const doc = await service.open(requireUser(req), req.params.id, req.params.documentId);
        return sendStoredFile(reply, doc);
      },
    );
  };
}
