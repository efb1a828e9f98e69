import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingAgingQuerySchema,
  BillingAgingSchema,
  BillingConditionQuerySchema,
  BillingConditionSchema,
  BillingCreateSchema,
  BillingCreatedSchema,
  BillingDetailSchema,
  BillingHistoryPageSchema,
  BillingHistoryQuerySchema,
  BillingHospitalParamsSchema,
  BillingIdParamsSchema,
  BillingLineParamsSchema,
  BillingLineStateSchema,
  BillingSearchQuerySchema,
  BillingSearchResultSchema,
  IdNameSchema,
  ReceiptCreateSchema,
  ReceiptCreatedSchema,
  ReceiptFileParamsSchema,
  ReceiptParamsSchema,
  ReceiptVoidSchema,
  envelope,
} from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { XLSX_CONTENT_TYPE, contentDisposition } from '../../http/content-disposition';
import { say } from '../../http/request-language';
import { msg } from '../../i18n/catalogue';
import { batchWorkbook } from './billing-xlsx';
import type { BillingService } from './billing.service';

/** Every billing call needs BILLING and reads the user's branch (decision acc03); the service applies the scope. */
const ACCESS = { permission: 'BILLING', scope: 'billing' } as const;
const tags = ['billing'];

/** The receipt PDF, rendered by the report engine (the billing module registers its definition). */
export type RenderReceipt = (
  user: ReturnType<typeof requireUser>,
  billingId: string,
  receiptId: string,
) => Promise<{ pdf: Buffer; fileName: string }>;

/** Spec §7 Billing calls, the two it leaves unnamed (decision acc01), uidata/billingCondition and the aging report. */
export function billingRoutes(service: BillingService, renderReceipt: RenderReceipt) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/uidata/billingCondition',
      {
        config: { access: ACCESS },
        schema: {
          querystring: BillingConditionQuerySchema,
          response: { 200: envelope(BillingConditionSchema) },
          tags: ['uidata', ...tags],
        },
      },
      async (req) => ({ success: true, data: await service.condition(requireUser(req), req.query.hospitalId) }),
    );

    r.get(
      '/api/billing/hospital/:hospitalId/privileges',
      {
        config: { access: ACCESS },
        schema: { params: BillingHospitalParamsSchema, response: { 200: envelope(z.array(IdNameSchema)) }, tags },
      },
      async (req) => ({ success: true, data: await service.privileges(requireUser(req), req.params.hospitalId) }),
    );

    r.get(
      '/api/billing/search',
      {
        config: { access: ACCESS },
        schema: { querystring: BillingSearchQuerySchema, response: { 200: envelope(BillingSearchResultSchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.search(requireUser(req), req.query) }),
    );

    r.post(
      '/api/billing/create',
      {
        config: { access: ACCESS },
        schema: { body: BillingCreateSchema, response: { 200: envelope(BillingCreatedSchema) }, tags },
      },
      async (req) => ({
        success: true,
        message: say(req, msg('BILLING_CREATED')),
        data: await service.create(requireUser(req), req.body),
      }),
    );

    r.get(
      '/api/billing/history',
      {
        config: { access: ACCESS },
        schema: { querystring: BillingHistoryQuerySchema, response: { 200: envelope(BillingHistoryPageSchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.history(requireUser(req), req.query) }),
    );

    r.get(
      '/api/billing/aging',
      {
        config: { access: ACCESS },
        schema: { querystring: BillingAgingQuerySchema, response: { 200: envelope(BillingAgingSchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.aging(requireUser(req), req.query.hospitalId) }),
    );

    r.get(
      '/api/billing/:id/detail',
      {
        config: { access: ACCESS },
        schema: { params: BillingIdParamsSchema, response: { 200: envelope(BillingDetailSchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.detail(requireUser(req), req.params.id) }),
    );

    r.get(
      '/api/billing/:id/xlsx',
      {
        config: { access: ACCESS },
        schema: {
          params: BillingIdParamsSchema,
          description: 'The batch as an XLSX workbook (attachment): its lines, paid or not, and the totals.',
          tags,
        },
      },
      async (req, reply) => {
        const out = await batchWorkbook(await service.batchExport(requireUser(req), req.params.id));
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', contentDisposition('attachment', out.fileName, out.asciiFileName))
          .header('cache-control', 'private, no-store')
          .send(out.xlsx);
      },
    );

    r.post(
      '/api/billing/:id/paid/:requestId',
      {
        config: { access: ACCESS },
        schema: { params: BillingLineParamsSchema, response: { 200: envelope(BillingLineStateSchema) }, tags },
      },
      async (req) => ({
        success: true,
        data: await service.markPaid(requireUser(req), req.params.id, req.params.requestId),
      }),
    );

    r.post(
      '/api/billing/:id/unpaid/:requestId',
      {
        config: { access: ACCESS },
        schema: { params: BillingLineParamsSchema, response: { 200: envelope(BillingLineStateSchema) }, tags },
      },
      async (req) => ({
        success: true,
        data: await service.markUnpaid(requireUser(req), req.params.id, req.params.requestId),
      }),
    );

    r.post(
      '/api/billing/:id/receipt/create',
      {
        config: { access: ACCESS },
        schema: {
          params: BillingIdParamsSchema,
          body: ReceiptCreateSchema,
          response: { 200: envelope(ReceiptCreatedSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        message: say(req, msg('RECEIPT_ISSUED')),
        data: await service.createReceipt(requireUser(req), req.params.id, req.body),
      }),
    );

    r.post(
      '/api/billing/:id/receipt/:receiptId/void',
      {
        config: { access: ACCESS },
        schema: {
          params: ReceiptParamsSchema,
          body: ReceiptVoidSchema,
          response: { 200: envelope(z.object({ receiptId: z.string() })) },
          tags,
        },
      },
      async (req) => {
        await service.voidReceipt(requireUser(req), req.params.id, req.params.receiptId, req.body.reason);
        return {
          success: true,
          message: say(req, msg('RECEIPT_VOID_DONE')),
          data: { receiptId: req.params.receiptId },
        };
      },
    );

    r.get(
      '/api/billing/:billingId/receipt/:receiptId/file',
      {
        config: { access: ACCESS },
        schema: {
          params: ReceiptFileParamsSchema,
          description: 'The receipt (ใบเสร็จรับเงิน) as application/pdf, inline.',
          tags,
        },
      },
      async (req, reply) => {
        const out = await renderReceipt(requireUser(req), req.params.billingId, req.params.receiptId);
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `inline; filename="${out.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(out.pdf);
      },
    );
  };
}
