import { z } from 'zod';
import { dateOnly } from './date-only';
import { moneyAmount } from './money';

/** Spec §5 messages of petty cash and exam fees, with English in parentheses as elsewhere. */
export const ACCOUNTING_MESSAGES = {
  noExpense: 'กรุณากรอกข้อมูล (enter at least one expense above 0)',
  noType: 'กรุณาเลือกประเภท (choose the type and the payment method)',
  noAmount: 'กรุณาระบุจำนวนเงิน (enter the amount)',
  badReceipt: 'กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง (enter a valid receipt number and look it up)',
  receiptNotFound: 'ไม่พบเลขที่ใบเสร็จ (no such receipt)',
  saved: 'บันทึกสำเร็จ',
} as const;

export const MAX_REMARK_CHARS = 1_000;
export const MAX_EXPENSE_LINES = 100;
export const MAX_ITEM_NAME_CHARS = 200;
export const MAX_REFERENCE_CHARS = 100;
/** Attachments: JPEG, PNG or PDF by their content, at most this many bytes (decision acc25). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const remark = z
  .string()
  .trim()
  .max(
    MAX_REMARK_CHARS,
    `หมายเหตุยาวได้ไม่เกิน ${MAX_REMARK_CHARS.toLocaleString('en-US')} ตัวอักษร (remark: at most ${MAX_REMARK_CHARS} characters)`,
  )
  .optional()
  .transform((v) => v || null);

/** Admins (every branch) name the branch; everyone else works in their own, and may omit it. */
const branchId = z.coerce
  .number({ error: 'สาขาไม่ถูกต้อง (invalid branch)' })
  .int('สาขาไม่ถูกต้อง (invalid branch)')
  .min(1, 'สาขาไม่ถูกต้อง (invalid branch)')
  .max(2_147_483_647, 'สาขาไม่ถูกต้อง (invalid branch)')
  .optional();
export const AccountingBranchQuerySchema = z.object({ branchId });
export type AccountingBranchQuery = z.infer<typeof AccountingBranchQuerySchema>;

const amountText = z.union([z.string(), z.number()]).optional();

/** True when an amount as typed is a number above 0 (the §5 petty-cash rule, before the amount's own checks). */
function isAboveZero(amount: string | number | undefined): boolean {
  const n = Number(
    String(amount ?? '')
      .replace(/,/g, '')
      .trim(),
  );
  return Number.isFinite(n) && n > 0;
}

const ExpenseLineSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'กรุณาระบุชื่อรายการ (enter the expense name)')
    .max(
      MAX_ITEM_NAME_CHARS,
      `ชื่อรายการยาวได้ไม่เกิน ${MAX_ITEM_NAME_CHARS} ตัวอักษร (name: at most ${MAX_ITEM_NAME_CHARS} characters)`,
    ),
  amount: moneyAmount('จำนวนเงิน'),
});

/**
 * POST api/accounting/adjustMoney (multipart `remark`, `items[i].name`, `items[i].amount`, `file`). Blank lines of the
 * form are dropped; at least one line must be above 0 (§5), and every line kept must have a name and a valid amount.
 */
export const AdjustMoneyInputSchema = z.object({
  branchId,
  remark,
  items: z
    .array(z.object({ name: z.string().optional(), amount: amountText }))
    .max(
      MAX_EXPENSE_LINES,
      `รายการค่าใช้จ่ายได้ไม่เกิน ${MAX_EXPENSE_LINES} รายการ (at most ${MAX_EXPENSE_LINES} expense lines)`,
    )
    .transform((lines, ctx) => {
      if (!lines.some((l) => isAboveZero(l.amount))) {
        ctx.addIssue({ code: 'custom', message: ACCOUNTING_MESSAGES.noExpense });
        return z.NEVER;
      }
      const kept: z.output<typeof ExpenseLineSchema>[] = [];
      lines.forEach((line, i) => {
        if (!line.name?.trim() && !isAboveZero(line.amount)) return;
        const parsed = ExpenseLineSchema.safeParse(line);
        if (parsed.success) kept.push(parsed.data);
        else
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, path: [i, ...issue.path] });
      });
      return kept;
    }),
});
export type AdjustMoneyInput = z.infer<typeof AdjustMoneyInputSchema>;

export const CostTypeSchema = z.enum(['cash', 'cheque']);
export type CostType = z.infer<typeof CostTypeSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST api/accounting/submitCost (multipart). §5: type and method required; cash needs an amount; cheque needs the
 * looked-up receipt (`receiptId` as GET api/accounting/receipt/{id} answered it), whose amount is taken (acc24).
 */
export const SubmitCostInputSchema = z
  .object({
    branchId,
    type: z.string().trim().optional(),
    methodId: z.union([z.string(), z.number()]).optional(),
    amount: amountText,
    referenceCode: z
      .string()
      .trim()
      .max(
        MAX_REFERENCE_CHARS,
        `เลขอ้างอิงยาวได้ไม่เกิน ${MAX_REFERENCE_CHARS} ตัวอักษร (reference: at most ${MAX_REFERENCE_CHARS} characters)`,
      )
      .optional()
      .transform((v) => v || null),
    remark,
    date: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(dateOnly('วันที่ต้องเป็นรูปแบบ yyyy-MM-dd (date: yyyy-MM-dd)').optional()),
    receiptId: z.string().trim().optional(),
  })
  .transform((input, ctx) => {
    const type = CostTypeSchema.safeParse(input.type);
    const methodText = String(input.methodId ?? '').trim();
    if (!type.success || !/^\d{1,9}$/.test(methodText) || Number(methodText) < 1) {
      ctx.addIssue({ code: 'custom', message: ACCOUNTING_MESSAGES.noType, path: [type.success ? 'methodId' : 'type'] });
      return z.NEVER;
    }
    const base = {
      branchId: input.branchId,
      methodId: Number(methodText),
      referenceCode: input.referenceCode,
      remark: input.remark,
      date: input.date ?? null,
    };
    const amountGiven = String(input.amount ?? '').trim() !== '';
    // A malformed amount is refused whatever the type: the cheque form may send the receipt's amount back.
    const amount = amountGiven ? moneyAmount('จำนวนเงิน').safeParse(input.amount) : null;
    if (amount && !amount.success) {
      for (const issue of amount.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['amount'] });
      return z.NEVER;
    }
    if (type.data === 'cash') {
      if (!amount) {
        ctx.addIssue({ code: 'custom', message: ACCOUNTING_MESSAGES.noAmount, path: ['amount'] });
        return z.NEVER;
      }
      return { ...base, type: 'cash' as const, amountSatang: amount.data, receiptId: null };
    }
    if (!input.receiptId || !UUID.test(input.receiptId)) {
      ctx.addIssue({ code: 'custom', message: ACCOUNTING_MESSAGES.badReceipt, path: ['receiptId'] });
      return z.NEVER;
    }
    return { ...base, type: 'cheque' as const, amountSatang: null, receiptId: input.receiptId.toLowerCase() };
  });
export type SubmitCostInput = z.infer<typeof SubmitCostInputSchema>;

/** An entry's attached file, downloaded from `url` (the entry's branch only). */
export const AccountingAttachmentSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
});

/** One petty-cash save: a revision of its day (the highest is the day's figure). Money in baht. */
export const MoneyEntrySchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  day: z.string(),
  revision: z.number().int(),
  yesterdayMoney: z.number(),
  todayMoney: z.number(),
  expenses: z.number(),
  balance: z.number(),
  remark: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), amount: z.number() })),
  file: AccountingAttachmentSchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type MoneyEntry = z.infer<typeof MoneyEntrySchema>;

/**
 * GET api/uidata/accounting_money: yesterdayMoney = balance of the latest entry of the latest earlier day
 * (`yesterdayDay`, null when none: 0); todayMoney = today's live transfer receipts; entries = today's saves, newest first.
 */
export const AccountingMoneyUiSchema = z.object({
  branchId: z.number().int(),
  day: z.string(),
  yesterdayDay: z.string().nullable(),
  yesterdayMoney: z.number(),
  todayMoney: z.number(),
  entries: z.array(MoneyEntrySchema),
});
export type AccountingMoneyUi = z.infer<typeof AccountingMoneyUiSchema>;

const historyCursor = /^\d{4}-\d{2}-\d{2}\.\d{1,9}$/;
/** GET api/accounting/money/history: days from..to (default: the last 31 days), newest first, 50 a page. */
export const MoneyHistoryQuerySchema = z.object({
  branchId,
  from: dateOnly('from ต้องเป็นรูปแบบ yyyy-MM-dd (from: yyyy-MM-dd)').optional(),
  to: dateOnly('to ต้องเป็นรูปแบบ yyyy-MM-dd (to: yyyy-MM-dd)').optional(),
  /** `nextBefore` of the previous page. */
  before: z.string().regex(historyCursor, 'before ไม่ถูกต้อง (invalid cursor)').optional(),
});
export type MoneyHistoryQuery = z.infer<typeof MoneyHistoryQuerySchema>;

export const MoneyHistorySchema = z.object({
  from: z.string(),
  to: z.string(),
  entries: z.array(MoneyEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.string().nullable(),
});
export type MoneyHistory = z.infer<typeof MoneyHistorySchema>;

/** GET api/uidata/accounting_cost. */
export const AccountingCostUiSchema = z.object({
  paymentMethods: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AccountingCostUi = z.infer<typeof AccountingCostUiSchema>;

export const CostEntrySchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  day: z.string(),
  type: CostTypeSchema,
  methodId: z.number().int().nullable(),
  methodName: z.string().nullable(),
  amount: z.number(),
  referenceCode: z.string().nullable(),
  remark: z.string().nullable(),
  receipt: z.object({ receiptId: z.string(), receiptDocumentId: z.string().nullable() }).nullable(),
  file: AccountingAttachmentSchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CostEntry = z.infer<typeof CostEntrySchema>;

export const TodayCostParamsSchema = z.object({
  x: z.enum(['cash', 'cheque', 'all'], { error: 'ประเภทต้องเป็น cash, cheque หรือ all (type: cash, cheque or all)' }),
});

/** GET api/accounting/todayCost/{x}: the exam fees of today (their day, acc20) of that type, and their total. */
export const TodayCostSchema = z.object({
  day: z.string(),
  type: z.enum(['cash', 'cheque', 'all']),
  entries: z.array(CostEntrySchema),
  count: z.number().int(),
  total: z.number(),
  /** More than the page holds: the total and count cover all of them. */
  truncated: z.boolean(),
});
export type TodayCost = z.infer<typeof TodayCostSchema>;

export const ReceiptLookupParamsSchema = z.object({
  id: z.string().trim().min(1).max(64, ACCOUNTING_MESSAGES.receiptNotFound),
});

/** GET api/accounting/receipt/{id}: a live receipt of the branch by its document number as typed. */
export const ReceiptLookupSchema = z.object({
  receiptId: z.string(),
  receiptDocumentId: z.string(),
  type: z.enum(['transfer', 'cheque']),
  bankName: z.string(),
  amount: z.number(),
  number: z.string(),
});
export type ReceiptLookup = z.infer<typeof ReceiptLookupSchema>;

export const AccountingEntryParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET api/accounting/cashup/{day}/xlsx: the day of the cash-up (decision acc44), yyyy-MM-dd, not in the future. */
export const CashupParamsSchema = z.object({
  day: dateOnly('วันที่ต้องอยู่ในรูปแบบ yyyy-MM-dd (day: yyyy-MM-dd)'),
});
export type CashupParams = z.infer<typeof CashupParamsSchema>;

/** GET api/accounting/branches: the branches whose accounting the caller may work on (decision acc46). */
export const AccountingBranchesSchema = z.object({
  branches: z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() })),
  /** The branch the pages open on: the caller's own, else the first; null when there is none to work on. */
  defaultBranchId: z.number().int().nullable(),
});
export type AccountingBranches = z.infer<typeof AccountingBranchesSchema>;
