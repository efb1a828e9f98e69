import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { httpError } from '../../http/http.errors';
import { requestError } from './requests.errors';
import type { StoredFile } from '../../storage/file-store';
import type { RequestDocumentsService } from './request-documents.service';
import { assertStorableText } from '../../http/input-guard';

const EntrySchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  uploadBy: z.string(),
  uploadDate: z.string(),
  requestId: z.string().nullable(),
  documentTypeId: z.number().int().nullable(),
  modalityCode: z.string().nullable(),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tags = ['documents'];

/** POST api/document/upload (multipart: file, fileName; also requestId, documentTypeId, modalityCode) and GET /api/document/{ids}. */
export function requestDocumentsRoutes(service: RequestDocumentsService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/document/upload',
      {
        config: { access: { permission: 'REQUEST_DOCUMENT', anyOf: ['REQUEST_CREATE'], scope: 'request' } },
        schema: { consumes: ['multipart/form-data'], response: { 200: envelope(EntrySchema) }, tags },
      },
      async (req) => {
        const user = requireUser(req);
        if (!req.isMultipart()) throw httpError('NO_FILE');
        const fields: {
          prefix?: string;
          requestId: string | null;
          documentTypeId: number | null;
          modalityCode: string | null;
        } = { requestId: null, documentTypeId: null, modalityCode: null };
        let stored: StoredFile | undefined;
        let original = '';
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || stored) {
              part.file.resume();
              continue;
            }
            original = part.filename;
            assertStorableText(original, 'file');
            await service.check(user, original, fields.requestId);
            stored = await service.receive(part.file);
            continue;
          }
          const value = typeof part.value === 'string' ? part.value.trim() : '';
          assertStorableText(value, part.fieldname);
          if (part.fieldname === 'fileName' && value) fields.prefix = value.slice(0, 150);
          if (part.fieldname === 'requestId' && value) {
            if (!UUID.test(value)) throw requestError('REQUEST_NOT_FOUND');
            fields.requestId = value;
          }
          if (part.fieldname === 'documentTypeId' && value) {
            if (!/^\d{1,9}$/.test(value)) throw requestError('REQUEST_DOCUMENT_TYPE_UNKNOWN');
            fields.documentTypeId = Number(value);
          }
          if (part.fieldname === 'modalityCode' && value) fields.modalityCode = value.slice(0, 16);
        }
        if (!stored || !original) throw httpError('NO_FILE');
        return { success: true, data: await service.attach(user, stored, original, fields) };
      },
    );

    r.get(
      '/api/document/:ids',
      {
        config: {
          access: { permission: 'REQUEST_DOCUMENT', anyOf: ['REQUEST_CREATE', 'REQUEST_SEARCH'], scope: 'request' },
        },
        schema: {
          params: z.object({ ids: z.string().max(4000) }),
          response: { 200: envelope(z.array(EntrySchema)) },
          tags,
        },
      },
      async (req) => {
        const ids = req.params.ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (ids.length > 100 || ids.some((id) => !UUID.test(id))) throw requestError('REQUEST_DOCUMENT_ID_BAD');
        return { success: true, data: await service.list(requireUser(req), ids) };
      },
    );
  };
}
