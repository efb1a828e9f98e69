import { z } from 'zod';
import { dateOnly } from './date-only';
import { moneyAmount } from './money';

/**
 * Billing (spec §3 Billing row, Billing detail, Billing history entry, Receipt; §7 Billing calls; issue 24).
 * Money on the wire is baht with 2 decimals; the server stores and adds integer satang. Field names keep the spec's
 * spelling (privilageId, privilageName) because clients depend on them.
 */

/** The most requests a batch (and a search page) holds: more asks the user to narrow the range (decision acc19). */
export const BILLING_MAX_LINES = 2000;
/** The longest date range of a search or batch, in days (decision acc19). */
export const BILLING_MAX_RANGE_DAYS = 366;
/** History page size. */
export const BILLING_HISTORY_PAGE = 50;

const idOf = (what: string) =>
  z.coerce
    .number({ error: `${what}ต้องเป็นตัวเลข (must be a number)` })
    .int(`${what}ไม่ถูกต้อง (invalid id)`)
    .min(1, `${what}ไม่ถูกต้อง (invalid id)`)
    .max(2_147_483_647, `${what}ไม่ถูกต้อง (invalid id)`);
const uuidOf = (what: string) => z.string().uuid(`${what}ไม่ถูกต้อง (invalid id)`);
const day = (label: string) =>
  z
    .string({ error: `กรุณาระบุ${label} (date required)` })
    .pipe(dateOnly(`${label}ต้องเป็นวันที่รูปแบบ yyyy-MM-dd (date as yyyy-MM-dd)`));

/** Whole days from a to b (yyyy-MM-dd, b − a). */
function daySpan(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Start not after end, and at most BILLING_MAX_RANGE_DAYS days (inclusive). */
function checkRange(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx): void {
  const span = daySpan(v.startDate, v.endDate);
  if (span < 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น (end date before start date)',
    });
  } else if (span + 1 > BILLING_MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: `ช่วงวันที่ต้องไม่เกิน ${BILLING_MAX_RANGE_DAYS} วัน (at most ${BILLING_MAX_RANGE_DAYS} days)`,
    });
  }
}

export const IdNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof IdNameSchema>;

/** GET /api/uidata/billingCondition?hospitalId= */
export const BillingConditionQuerySchema = z.object({ hospitalId: idOf('โรงพยาบาล').optional() });
export const BillingConditionSchema = z.object({
  hospitals: z.array(IdNameSchema),
  /** The privileges of hospitalId when given, else []. */
  privileges: z.array(IdNameSchema),
  /** First day of the previous month (Bangkok), yyyy-MM-dd (decision acc02). */
  defaultStartDate: z.string(),
  /** Today (Bangkok), yyyy-MM-dd. */
  defaultEndDate: z.string(),
});
export type BillingCondition = z.infer<typeof BillingConditionSchema>;

export const BillingHospitalParamsSchema = z.object({ hospitalId: idOf('โรงพยาบาล') });

/** GET /api/billing/search (decision acc01). */
export const BillingSearchQuerySchema = z
  .object({
    startDate: day('วันที่เริ่มต้น'),
    endDate: day('วันที่สิ้นสุด'),
    hospitalId: idOf('โรงพยาบาล'),
    /** Absent: all privileges. */
    privilegeId: idOf('สิทธิการรักษา').optional(),
  })
  .superRefine(checkRange);
export type BillingSearch = z.infer<typeof BillingSearchQuerySchema>;

/** What a search row and a batch line both show of a request. */
const BillingLineBaseSchema = z.object({
  requestId: z.string(),
  appointmentDate: z.string(),
  hn: z.string(),
  patientName: z.string(),
  /** Baht, from the request's priced lines. */
  totalPrice: z.number(),
  /** The batch the request is paid in (this one or another), null while unpaid. */
  paidBillingId: z.string().nullable(),
  /** Unpaid lines start checked. */
  checked: z.boolean(),
});

/** Spec §3 Billing row, plus hn, totalPrice and isPaid. */
export const BillingRowSchema = BillingLineBaseSchema.extend({
  isPaid: z.boolean(),
  latestBillingId: z.string().nullable(),
  latestBillingDocumentId: z.string().nullable(),
});
export type BillingRow = z.infer<typeof BillingRowSchema>;
export const BillingSearchResultSchema = z.object({
  rows: z.array(BillingRowSchema),
  /** More than BILLING_MAX_LINES requests matched: only the first are listed; narrow the range. */
  truncated: z.boolean(),
});
export type BillingSearchResult = z.infer<typeof BillingSearchResultSchema>;

/** POST /api/billing/create */
export const BillingCreateSchema = z
  .object({
    startDate: day('วันที่เริ่มต้น'),
    endDate: day('วันที่สิ้นสุด'),
    hospital: idOf('โรงพยาบาล'),
    /** null: all privileges. */
    privilageId: idOf('สิทธิการรักษา').nullable().default(null),
    requestIds: z
      .array(uuidOf('ใบส่งตรวจ'), { error: 'กรุณาเลือกใบส่งตรวจ (requestIds must be a list)' })
      .min(1, 'กรุณาเลือกใบส่งตรวจอย่างน้อย 1 รายการ (select at least one request)')
      .max(
        BILLING_MAX_LINES,
        `ใบวางบิลหนึ่งใบมีได้ไม่เกิน ${BILLING_MAX_LINES.toLocaleString('en-US')} รายการ (at most ${BILLING_MAX_LINES} requests)`,
      ),
  })
  .superRefine(checkRange);
export type BillingCreate = z.infer<typeof BillingCreateSchema>;
export const BillingCreatedSchema = z.object({ billingId: z.string(), documentId: z.string() });
export type BillingCreated = z.infer<typeof BillingCreatedSchema>;

/** GET /api/billing/history?hospitalId=&before= */
export const BillingHistoryQuerySchema = z.object({
  hospitalId: idOf('โรงพยาบาล').optional(),
  /** The nextBefore of the previous page. */
  before: z
    .string()
    .max(100)
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z~[0-9a-f-]{36}$/i, 'ตำแหน่งหน้าถัดไปไม่ถูกต้อง (invalid cursor)')
    .optional(),
});
export type BillingHistoryQuery = z.infer<typeof BillingHistoryQuerySchema>;

export const ReceiptRefSchema = z.object({
  receiptId: z.string(),
  receiptDocumentId: z.string(),
  isVoided: z.boolean(),
});
/** What the history and the detail both show of a batch. */
const BillingHeadSchema = z.object({
  documentId: z.string(),
  billingId: z.string(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  /** Null: all privileges. */
  privilageName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
});

/** Spec §3 Billing history entry. */
export const BillingHistoryEntrySchema = BillingHeadSchema.extend({
  isAllPaid: z.boolean(),
  /** The statement has not been printed yet. */
  isHighlight: z.boolean(),
  receipts: z.array(ReceiptRefSchema),
});
export type BillingHistoryEntry = z.infer<typeof BillingHistoryEntrySchema>;
export const BillingHistoryPageSchema = z.object({
  entries: z.array(BillingHistoryEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type BillingHistoryPage = z.infer<typeof BillingHistoryPageSchema>;

export const BillingIdParamsSchema = z.object({ id: uuidOf('ใบวางบิล') });
export const BillingLineParamsSchema = z.object({ id: uuidOf('ใบวางบิล'), requestId: uuidOf('ใบส่งตรวจ') });
export const ReceiptParamsSchema = z.object({ id: uuidOf('ใบวางบิล'), receiptId: uuidOf('ใบเสร็จ') });
export const ReceiptFileParamsSchema = z.object({ billingId: uuidOf('ใบวางบิล'), receiptId: uuidOf('ใบเสร็จ') });

export const RECEIPT_TYPES = ['transfer', 'cheque'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/** Spec §3 Receipt. */
export const ReceiptSchema = z.object({
  receiptId: z.string(),
  receiptDocumentId: z.string(),
  type: z.enum(RECEIPT_TYPES),
  bankName: z.string(),
  /** Baht received. */
  amount: z.number(),
  number: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** A receipt as the detail dialog lists it. */
export const BillingReceiptSchema = ReceiptSchema.extend({
  /** Baht the receipt's lines add up to (amount may be less: withholding tax, fees). */
  linesTotal: z.number(),
  requestIds: z.array(z.string()),
  createdAt: z.string(),
  isVoided: z.boolean(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});

export const BillingDetailLineSchema = BillingLineBaseSchema.extend({
  /** The paying receipt's number; null when unpaid or marked paid by hand. */
  paidDocumentId: z.string().nullable(),
  paidReceiptId: z.string().nullable(),
});
/** Spec §3 Billing detail, with the totals and the receipts. */
export const BillingDetailSchema = BillingHeadSchema.extend({
  isPrinted: z.boolean(),
  totalPrice: z.number(),
  paidPrice: z.number(),
  requests: z.array(BillingDetailLineSchema),
  receipts: z.array(BillingReceiptSchema),
});
export type BillingDetail = z.infer<typeof BillingDetailSchema>;

/** The line after POST …/paid/{requestId} or …/unpaid/{requestId}. */
export const BillingLineStateSchema = z.object({ requestId: z.string(), paidBillingId: z.string().nullable() });

/** POST /api/billing/{id}/receipt/create */
export const ReceiptCreateSchema = z.object({
  requestIds: z
    .array(uuidOf('ใบส่งตรวจ'), { error: 'กรุณาเลือกรายการที่ต้องการออกใบเสร็จ (requestIds must be a list)' })
    .min(1, 'กรุณาเลือกรายการที่ต้องการออกใบเสร็จ (select at least one request)')
    .max(
      BILLING_MAX_LINES,
      `ใบเสร็จหนึ่งใบมีได้ไม่เกิน ${BILLING_MAX_LINES.toLocaleString('en-US')} รายการ (at most ${BILLING_MAX_LINES} requests)`,
    ),
  type: z.enum(RECEIPT_TYPES, { error: 'ประเภทการชำระต้องเป็นโอนเงินหรือเช็ค (type: transfer or cheque)' }),
  bankName: z
    .string({ error: 'กรุณาระบุข้อมูลการชำระเงิน (bankName required)' })
    .trim()
    .min(1, 'กรุณาระบุข้อมูลการชำระเงิน (bankName required)')
    .max(200, 'ชื่อธนาคารยาวเกิน 200 ตัวอักษร (bankName too long)'),
  /** Baht received: above 0, 2 decimals, not above the selected lines' sum. */
  amount: moneyAmount('จำนวนเงิน'),
  number: z
    .string({ error: 'กรุณาระบุข้อมูลการชำระเงิน (number required)' })
    .trim()
    .min(1, 'กรุณาระบุข้อมูลการชำระเงิน (number required)')
    .max(100, 'เลขที่อ้างอิงยาวเกิน 100 ตัวอักษร (number too long)'),
});
export type ReceiptCreate = z.infer<typeof ReceiptCreateSchema>;
export const ReceiptCreatedSchema = z.object({ receiptId: z.string(), receiptDocumentId: z.string() });

/** POST /api/billing/{id}/receipt/{receiptId}/void */
export const ReceiptVoidSchema = z.object({
  reason: z
    .string({ error: 'กรุณาระบุเหตุผลการยกเลิกใบเสร็จ (reason required)' })
    .trim()
    .min(1, 'กรุณาระบุเหตุผลการยกเลิกใบเสร็จ (reason required)')
    .max(500, 'เหตุผลยาวเกิน 500 ตัวอักษร (reason at most 500 characters)'),
});

/** GET /api/billing/aging?hospitalId= */
export const BillingAgingQuerySchema = z.object({ hospitalId: idOf('โรงพยาบาล').optional() });
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export const BillingAgingSchema = z.object({
  /** Today (Bangkok), the day ages are counted to. */
  asOf: z.string(),
  hospitalId: z.number().int().nullable(),
  buckets: z.array(z.object({ bucket: z.enum(AGING_BUCKETS), count: z.number().int(), total: z.number() })),
});
export type BillingAging = z.infer<typeof BillingAgingSchema>;
