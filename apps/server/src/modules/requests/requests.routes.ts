import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteReasonsSchema,
  ExportLinkCreateSchema,
  ExportLinkSchema,
  PrivilegePriceSchema,
  RequestConditionSchema,
  RequestDeleteSchema,
  RequestDetailSchema,
  RequestSaveSchema,
  RequestSavedSchema,
  RequestSearchResultSchema,
  RequestSearchSchema,
  envelope,
} from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { TooManyAttempts } from '../../http/attempt-limiter';
import { httpError } from '../../http/http.errors';
import { say } from '../../http/request-language';
import { msg } from '../../i18n/catalogue';
import { publicOrigin } from '../../http/public-origin';
import { sendStoredFile } from '../../http/stored-file-reply';
import type { StoredFile } from '../../storage/file-store';
import type { RequestConditionService } from './request-condition.service';
import type { RequestLinksService } from './request-links.service';
import type { RequestMediaService } from './request-media.service';
import type { RequestSaveService } from './request-save.service';
import type { RequestsService } from './requests.service';
import { assertStorableText } from '../../http/input-guard';

const IdParams = z.object({ id: z.string().uuid('ไม่พบใบส่งตรวจ') });
const tags = ['requests'];

export interface RequestsRouteDeps {
  requests: RequestsService;
  save: RequestSaveService;
  condition: RequestConditionService;
  links: RequestLinksService;
  media: RequestMediaService;
}

/** Spec §7 "Requests" and GET /api/uidata/requestCondition. */
export function requestsRoutes({ requests, save, condition, links, media }: RequestsRouteDeps) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/request/search',
      {
        config: { access: { permission: 'REQUEST_SEARCH', scope: 'request' } },
        schema: { body: RequestSearchSchema, response: { 200: envelope(RequestSearchResultSchema) }, tags },
      },
      async (req) => ({ success: true, data: await requests.search(requireUser(req), req.body) }),
    );

    r.post(
      '/api/request/exam',
      {
        config: { access: { permission: 'REQUEST_CREATE', scope: 'request' } },
        schema: { body: RequestSaveSchema, response: { 200: envelope(RequestSavedSchema) }, tags },
      },
      async (req) => ({
        success: true,
        data: await save.create(requireUser(req), req.body),
        message: say(req, msg('REQUEST_SAVED')),
      }),
    );

    r.post(
      '/api/request/edit/:id',
      {
        config: { access: { permission: 'REQUEST_EDIT', scope: 'request' } },
        schema: { params: IdParams, body: RequestSaveSchema, response: { 200: envelope(RequestSavedSchema) }, tags },
      },
      async (req) => ({
        success: true,
        data: await save.edit(requireUser(req), req.params.id, req.body),
        message: say(req, msg('REQUEST_EDITED')),
      }),
    );

    r.get(
      '/api/request/patient/:id',
      {
        config: {
          access: { permission: 'REQUEST_SEARCH', anyOf: ['REQUEST_CREATE', 'PATIENT_SEARCH'], scope: 'request' },
        },
        schema: {
          params: z.object({ id: z.string().uuid('ไม่พบข้อมูลผู้ป่วย') }),
          response: { 200: envelope(RequestSearchResultSchema) },
          tags,
        },
      },
      async (req) => ({ success: true, data: await requests.byPatient(requireUser(req), req.params.id) }),
    );

    r.post(
      '/api/request/link/:id',
      {
        config: { access: { permission: 'REQUEST_EXPORT', scope: 'request' } },
        schema: { params: IdParams, body: ExportLinkCreateSchema, response: { 200: envelope(ExportLinkSchema) }, tags },
      },
      async (req) => ({
        success: true,
        data: await links.create(requireUser(req), req.params.id, publicOrigin(req), req.body ?? {}),
      }),
    );

    // Public (no session): the film link page. The id is 144 random bits; the answer is audited on every call.
    r.post(
      '/api/link/:linkId/open',
      {
        config: { access: { permission: 'public', scope: 'none' } },
        schema: {
          params: z.object({ linkId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'ลิงก์นี้ไม่มีอยู่หรือหมดอายุแล้ว') }),
          body: z.strictObject({ pin: z.string().max(16).optional() }).nullish(),
          tags,
        },
      },
      async (req, reply) => {
        try {
          return { success: true, data: await links.open(req, req.params.linkId, req.body?.pin) };
        } catch (err) {
          if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        }
      },
    );

    // Public: the released report of a film link's exam, by the signed address the open call gave (after its PIN).
    r.get(
      '/api/link/:linkId/report/:finishedReportId',
      {
        config: { access: { permission: 'public', scope: 'none' } },
        schema: {
          params: z.object({
            linkId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'ลิงก์นี้ไม่มีอยู่หรือหมดอายุแล้ว'),
            finishedReportId: z.string().uuid('ไม่พบรายงานนี้'),
          }),
          querystring: z.object({
            exp: z.coerce.number().int().positive(),
            sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'ลิงก์รายงานไม่ถูกต้อง'),
          }),
          tags,
        },
      },
      async (req, reply) => {
        const pdf = await links.reportPdf(
          req,
          req.params.linkId,
          req.params.finishedReportId,
          req.query.exp,
          req.query.sig,
        );
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="${pdf.fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .send(pdf.stream);
      },
    );

    r.get(
      '/api/request/link/:id',
      {
        config: { access: { permission: 'REQUEST_EXPORT', scope: 'request' } },
        schema: { params: IdParams, response: { 200: envelope(ExportLinkSchema) }, tags },
      },
      async (req) => ({ success: true, data: await links.current(requireUser(req), req.params.id, publicOrigin(req)) }),
    );

    r.get(
      '/api/request/:id',
      {
        config: {
          access: { permission: 'REQUEST_SEARCH', anyOf: ['REQUEST_EDIT', 'REQUEST_DOCUMENT'], scope: 'request' },
        },
        schema: { params: IdParams, response: { 200: envelope(RequestDetailSchema) }, tags },
      },
      async (req) => ({ success: true, data: await requests.get(requireUser(req), req.params.id) }),
    );

    r.post(
      '/api/request/:id/delete',
      {
        config: { access: { permission: 'REQUEST_DELETE', scope: 'request' } },
        schema: { params: IdParams, body: RequestDeleteSchema, tags },
      },
      async (req) => {
        await requests.remove(requireUser(req), req.params.id, req.body.remark);
        return { success: true, message: say(req, msg('REQUEST_REMOVED')) };
      },
    );

    r.get(
      '/api/request/:id/deleteReason',
      {
        config: { access: { permission: 'REQUEST_DELETE', scope: 'request' } },
        schema: { params: IdParams, response: { 200: envelope(DeleteReasonsSchema) }, tags },
      },
      async (req) => ({ success: true, data: await requests.deleteReasons(requireUser(req), req.params.id) }),
    );

    const CustomParams = IdParams.extend({ x: z.coerce.number().int().positive('ไม่พบราคาพิเศษ') });
    r.post(
      '/api/request/:id/customPrice/:x/approve',
      {
        config: { access: { permission: 'REQUEST_CUSTOM_PRICE_APPROVE', scope: 'request' } },
        schema: { params: CustomParams, tags },
      },
      async (req) => {
        await requests.decideCustomPrice(requireUser(req), req.params.id, req.params.x, 'Approved');
        return { success: true, message: say(req, msg('CUSTOM_PRICE_APPROVED')) };
      },
    );
    r.post(
      '/api/request/:id/customPrice/:x/reject',
      {
        config: { access: { permission: 'REQUEST_CUSTOM_PRICE_APPROVE', scope: 'request' } },
        schema: { params: CustomParams, tags },
      },
      async (req) => {
        await requests.decideCustomPrice(requireUser(req), req.params.id, req.params.x, 'Rejected');
        return { success: true, message: say(req, msg('CUSTOM_PRICE_REJECTED')) };
      },
    );

    r.get(
      '/api/hospital/:id/privilages/:pid/pricing',
      {
        config: { access: { permission: 'REQUEST_CREATE', anyOf: ['REQUEST_EDIT'], scope: 'request' } },
        schema: {
          params: z.object({ id: z.coerce.number().int().positive(), pid: z.coerce.number().int().positive() }),
          response: { 200: envelope(z.array(PrivilegePriceSchema)) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await condition.pricing(requireUser(req), req.params.id, req.params.pid),
      }),
    );

    r.get(
      '/api/uidata/requestCondition',
      {
        config: {
          access: { permission: 'REQUEST_CREATE', anyOf: ['REQUEST_EDIT', 'REQUEST_SEARCH'], scope: 'request' },
        },
        schema: { response: { 200: envelope(RequestConditionSchema) }, tags: ['uidata'] },
      },
      async (req) => ({ success: true, data: await condition.condition(requireUser(req)) }),
    );

    r.post(
      '/api/request/:id/reportAttachment',
      {
        config: { access: { permission: 'REQUEST_DOCUMENT', scope: 'request' } },
        schema: { params: IdParams, consumes: ['multipart/form-data'], tags },
      },
      async (req) => {
        const user = requireUser(req);
        if (!req.isMultipart()) throw httpError('NO_FILE');
        let stored: StoredFile | undefined;
        let original = '';
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || stored) {
            part.file.resume();
            continue;
          }
          original = part.filename;
          assertStorableText(original, 'file');
          await media.check(user, req.params.id, original);
          stored = await media.receive(part.file);
        }
        if (!stored || !original) throw httpError('NO_FILE');
        return {
          success: true,
          data: await media.attach(user, req.params.id, stored, original),
          message: say(req, msg('REQUEST_FILE_UPLOADED')),
        };
      },
    );

    r.get(
      '/api/request/:id/media/:mediaId',
      {
        config: { access: { permission: 'REQUEST_DOCUMENT', anyOf: ['REQUEST_SEARCH'], scope: 'request' } },
        schema: { params: IdParams.extend({ mediaId: z.string().uuid('ไม่พบไฟล์') }), tags },
      },
      async (req, reply) => {
        const doc = await media.open(requireUser(req), req.params.id, req.params.mediaId);
        return sendStoredFile(reply, doc);
      },
    );
  };
}
