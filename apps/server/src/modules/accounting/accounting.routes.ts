import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AccountingBranchQuerySchema,
  AccountingBranchesSchema,
  CashupParamsSchema,
  AccountingCostUiSchema,
  AccountingEntryParamsSchema,
  AccountingMoneyUiSchema,
  AdjustMoneyInputSchema,
  CostEntrySchema,
  MoneyEntrySchema,
  MoneyHistoryQuerySchema,
  MoneyHistorySchema,
  ReceiptLookupParamsSchema,
  ReceiptLookupSchema,
  SubmitCostInputSchema,
  TodayCostParamsSchema,
  TodayCostSchema,
  envelope,
} from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { XLSX_CONTENT_TYPE, contentDisposition } from '../../http/content-disposition';
import { httpError } from '../../http/http.errors';
import { say } from '../../http/request-language';
import { msg, verbatim } from '../../i18n/catalogue';
import { sendStoredFile } from '../../http/stored-file-reply';
import { readAccountingForm, type AccountingForm } from './accounting-form';
import type { AccountingService } from './accounting.service';
import { cashupWorkbook } from './cashup-xlsx';

const MONEY = { permission: 'ACCOUNTING_MONEY', scope: 'accounting' } as const;
const COST = { permission: 'ACCOUNTING_COST', scope: 'accounting' } as const;
/** The cash-up: any of the accounting desks, in their branch (decision acc44). */
const CASHUP = { permission: 'BILLING', anyOf: ['ACCOUNTING_MONEY', 'ACCOUNTING_COST'], scope: 'accounting' } as const;
const tags = ['accounting'];

/** A multipart form checked against its contract schema; the first problem's message is the answer's (§5 wording). */
function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  // The schema's messages are the contract's Thai (§5 wording), in whatever language the request asked for.
  const errors = issues.map((i) => ({ field: i.path.join('.'), message: verbatim(i.message) }));
  throw httpError('INVALID_INPUT', { issues: [...new Set(issues.map((i) => i.message))].join(', ') }, { errors });
}

const moneyInput = (form: AccountingForm) => ({ ...form.fields, items: form.items });

/** Petty cash (ACCOUNTING_MONEY) and exam fees (ACCOUNTING_COST), spec §7 "Billing and accounting" and uidata. */
export function accountingRoutes(service: AccountingService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/accounting/branches',
      {
        config: { access: { ...CASHUP, anyOf: [...CASHUP.anyOf] } },
        schema: {
          response: { 200: envelope(AccountingBranchesSchema) },
          tags,
          description:
            'The branches whose petty cash, exam fees and cash-up the caller may work on: every branch for an Administrator, their own otherwise.',
        },
      },
      async (req) => ({ success: true, data: await service.branches(requireUser(req)) }),
    );

    r.get(
      '/api/uidata/accounting_money',
      {
        config: { access: MONEY },
        schema: {
          querystring: AccountingBranchQuerySchema,
          response: { 200: envelope(AccountingMoneyUiSchema) },
          tags,
        },
      },
      async (req) => ({ success: true, data: await service.moneyUi(requireUser(req), req.query.branchId) }),
    );

    r.post(
      '/api/accounting/adjustMoney',
      {
        config: { access: MONEY },
        schema: {
          description:
            'multipart/form-data: remark, items[i].name, items[i].amount (baht), file (JPEG, PNG or PDF, at most 10 MB), branchId (administrators)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(MoneyEntrySchema) },
          tags,
        },
      },
      async (req) => {
        const user = requireUser(req);
        const form = await readAccountingForm(req);
        const input = parseForm(AdjustMoneyInputSchema, moneyInput(form));
        return {
          success: true,
          message: say(req, msg('ACCOUNTING_SAVED')),
          data: await service.adjustMoney(user, input, form.file),
        };
      },
    );

    r.get(
      '/api/accounting/money/history',
      {
        config: { access: MONEY },
        schema: { querystring: MoneyHistoryQuerySchema, response: { 200: envelope(MoneyHistorySchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.moneyHistory(requireUser(req), req.query) }),
    );

    r.get(
      '/api/uidata/accounting_cost',
      {
        config: { access: COST },
        schema: { response: { 200: envelope(AccountingCostUiSchema) }, tags },
      },
      async () => ({ success: true, data: await service.costUi() }),
    );

    r.post(
      '/api/accounting/submitCost',
      {
        config: { access: COST },
        schema: {
          description:
            'multipart/form-data: type (cash|cheque), methodId, amount (cash, baht), referenceCode, remark, date (yyyy-MM-dd, optional), receiptId (cheque), file, branchId (administrators)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(CostEntrySchema) },
          tags,
        },
      },
      async (req) => {
        const user = requireUser(req);
        const form = await readAccountingForm(req);
        const input = parseForm(SubmitCostInputSchema, form.fields);
        return {
          success: true,
          message: say(req, msg('ACCOUNTING_SAVED')),
          data: await service.submitCost(user, input, form.file),
        };
      },
    );

    r.get(
      '/api/accounting/todayCost/:x',
      {
        config: { access: COST },
        schema: {
          params: TodayCostParamsSchema,
          querystring: AccountingBranchQuerySchema,
          response: { 200: envelope(TodayCostSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.todayCost(requireUser(req), req.params.x, req.query.branchId),
      }),
    );

    r.get(
      '/api/accounting/receipt/:id',
      {
        config: { access: COST },
        schema: {
          params: ReceiptLookupParamsSchema,
          querystring: AccountingBranchQuerySchema,
          response: { 200: envelope(ReceiptLookupSchema) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.receipt(requireUser(req), req.params.id, req.query.branchId),
      }),
    );

    r.get(
      '/api/accounting/cashup/:day/xlsx',
      {
        config: { access: { ...CASHUP, anyOf: [...CASHUP.anyOf] } },
        schema: {
          params: CashupParamsSchema,
          querystring: AccountingBranchQuerySchema,
          tags,
          description:
            'The daily cash-up of a branch as an XLSX workbook (attachment): summary, receipts, exam fees and petty cash sheets.',
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const data = await service.cashup(user, { day: req.params.day, branchId: req.query.branchId });
        const out = await cashupWorkbook(data);
        await service.auditCashupExport(user, data);
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', contentDisposition('attachment', out.fileName, out.asciiFileName))
          .header('cache-control', 'private, no-store')
          .send(out.xlsx);
      },
    );

    for (const kind of ['money', 'cost'] as const) {
      r.get(
        `/api/accounting/${kind}/:id/file`,
        {
          config: { access: kind === 'money' ? MONEY : COST },
          schema: { params: AccountingEntryParamsSchema, querystring: AccountingBranchQuerySchema, tags },
        },
        async (req, reply) => {
          const file = await service.openFile(requireUser(req), kind, req.params.id, req.query.branchId);
          // Attachments are images and PDFs only (checked on upload): always shown inline.
          return sendStoredFile(reply, {
            stream: file.stream,
            fileName: file.fileName,
            contentType: file.fileContentType,
            size: file.fileSizeBytes,
            inline: true,
          });
        },
      );
    }
  };
}
