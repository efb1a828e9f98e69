import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './common';
import { branches, hospitalPrivileges, hospitals } from './organization';
import { requests } from './requests';
import { users } from './users';

/** A billing batch: the unpaid requests of one hospital (and privilege) of one branch over a date range. */
export const billings = pgTable(
  'billings',
  {
    id: uuidPk(),
    documentNo: text().notNull().unique(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    hospitalId: integer()
      .notNull()
      .references(() => hospitals.id),
    privilegeId: integer().references(() => hospitalPrivileges.id),
    startDate: date().notNull(),
    endDate: date().notNull(),
    isPrinted: boolean().notNull().default(false),
    /** When the statement was first printed (isHighlight in the history while null). */
    printedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('billings_hospital_idx').on(t.hospitalId, t.createdAt),
    index('billings_history_idx').on(t.branchId, t.hospitalId, t.createdAt.desc(), t.id.desc()),
    index('billings_branch_history_idx').on(t.branchId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A receipt for some lines of a batch; voided with a reason, never deleted (ARCHITECTURE §4). */
export const receipts = pgTable(
  'receipts',
  {
    id: uuidPk(),
    billingId: uuid()
      .notNull()
      .references(() => billings.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    documentNo: text().notNull().unique(),
    /** transfer or cheque */
    type: text().notNull(),
    bankName: text().notNull(),
    /** What was received (may be less than the lines: withholding tax, bank fees). */
    amountSatang: integer().notNull(),
    /** What the receipt's lines add up to. */
    linesSatang: integer().notNull().default(0),
    number: text().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: uuid().references(() => users.id),
    voidReason: text(),
  },
  (t) => [
    index('receipts_billing_idx').on(t.billingId, t.createdAt),
    index('receipts_branch_day_idx')
      .on(t.branchId, t.createdAt)
      .where(sql`${t.voidedAt} is null`),
  ],
);

/** A request of a batch; paid by hand (paidAt without paidReceiptId) or by a receipt. */
export const billingRequests = pgTable(
  'billing_requests',
  {
    billingId: uuid()
      .notNull()
      .references(() => billings.id),
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
    totalSatang: integer().notNull(),
    /** The appointment as billed (statement, aging). */
    appointmentAt: timestamp({ withTimezone: true }).notNull(),
    paidReceiptId: uuid().references(() => receipts.id),
    paidAt: timestamp({ withTimezone: true }),
    paidBy: uuid().references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.billingId, t.requestId] }),
    index('billing_requests_request_idx').on(t.requestId, t.billingId),
    // A request is paid once, in one batch (decision acc15).
    uniqueIndex('billing_requests_paid_uq')
      .on(t.requestId)
      .where(sql`${t.paidAt} is not null`),
    // The history's "all paid" per batch reads only its unpaid lines (migration 0016).
    index('billing_requests_unpaid_idx')
      .on(t.billingId, t.requestId)
      .where(sql`${t.paidAt} is null`),
  ],
);

/** The requests a receipt pays; voidedAt copied from the receipt so the partial unique index can see it. */
export const receiptLines = pgTable(
  'receipt_lines',
  {
    receiptId: uuid()
      .notNull()
      .references(() => receipts.id),
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
    billingId: uuid()
      .notNull()
      .references(() => billings.id),
    totalSatang: integer().notNull(),
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'receipt_lines_pk', columns: [t.receiptId, t.requestId] }),
    uniqueIndex('receipt_lines_live_request_uq')
      .on(t.requestId)
      .where(sql`${t.voidedAt} is null`),
  ],
);

/** Gap-free document numbers per branch, kind (BL, RC, IV) and Buddhist-era year (decision acc17). */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    kind: text().notNull(),
    beYear: integer().notNull(),
    lastNo: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'document_numbers_pk', columns: [t.branchId, t.kind, t.beYear] })],
);

/** A request's invoice number (IV), allocated when its invoice is first printed. */
export const invoices = pgTable('invoices', {
  requestId: uuid()
    .primaryKey()
    .references(() => requests.id),
  branchId: integer()
    .notNull()
    .references(() => branches.id),
  documentNo: text().notNull().unique(),
  createdBy: uuid().references(() => users.id),
  createdAt: createdAt(),
});
