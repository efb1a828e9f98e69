import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { receipts } from './billing';
import { createdAt } from './common';
import { branches, lookups } from './organization';
import { users } from './users';

/** An attached file of an accounting entry: the store's key and what the download needs (backup finds `file_key`). */
const attachment = () => ({
  fileKey: text(),
  fileName: text(),
  fileContentType: text(),
  fileSizeBytes: integer(),
});

/**
 * Petty cash, one row per save (decision acc22): a day's figure is its highest revision, and earlier revisions stay as
 * the history. Sums are bigint: a hundred lines of up to ฿10,000,000 overflow a 32-bit satang column.
 */
export const moneyAdjustments = pgTable(
  'money_adjustments',
  {
    id: serial().primaryKey(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    /** The Bangkok day the entry is for (the day it was saved). */
    day: date().notNull(),
    /** 1 for the day's first save, then 2, 3 … */
    revision: integer().notNull(),
    /** The balance remaining of the latest entry of the latest earlier day, when this one was saved. */
    yesterdaySatang: bigint({ mode: 'number' }).notNull(),
    /** The day's live transfer receipts of the branch, when this one was saved. */
    todaySatang: bigint({ mode: 'number' }).notNull(),
    expensesSatang: bigint({ mode: 'number' }).notNull(),
    /** yesterday + today − expenses, computed by the server. */
    balanceSatang: bigint({ mode: 'number' }).notNull(),
    remark: text(),
    ...attachment(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('money_adjustments_branch_day_revision_uq').on(t.branchId, t.day, t.revision),
    check('money_adjustments_revision_ck', sql`${t.revision} >= 1`),
    check('money_adjustments_expenses_ck', sql`${t.expensesSatang} >= 0`),
  ],
);

/** The expense lines of a petty cash entry, in the order typed. */
export const moneyAdjustmentItems = pgTable(
  'money_adjustment_items',
  {
    id: serial().primaryKey(),
    adjustmentId: integer()
      .notNull()
      .references(() => moneyAdjustments.id),
    lineNo: integer().notNull(),
    name: text().notNull(),
    amountSatang: integer().notNull(),
  },
  (t) => [
    uniqueIndex('money_adjustment_items_line_uq').on(t.adjustmentId, t.lineNo),
    check('money_adjustment_items_amount_ck', sql`${t.amountSatang} > 0`),
  ],
);

/** Exam-fee intake in cash or cheque (spec §3 Exam fee); a cheque names the billing receipt it was paid against. */
export const costSubmissions = pgTable(
  'cost_submissions',
  {
    id: serial().primaryKey(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    /** cash or cheque */
    type: text().notNull(),
    /** A `costPaymentMethod` lookup. */
    methodId: integer().references(() => lookups.id),
    /** Cash: as typed; cheque: the receipt's amount (decision acc24). */
    amountSatang: integer().notNull(),
    referenceCode: text(),
    receiptId: uuid().references(() => receipts.id),
    /** The receipt's document number when recorded (document numbers never change), shown without reading billing. */
    receiptDocumentNo: text(),
    remark: text(),
    /** The Bangkok day of the intake: today unless an earlier day was given. */
    day: date().notNull(),
    ...attachment(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('cost_submissions_branch_day_idx').on(t.branchId, t.day),
    uniqueIndex('cost_submissions_receipt_uq')
      .on(t.receiptId)
      .where(sql`${t.receiptId} is not null`),
    check('cost_submissions_type_ck', sql`${t.type} in ('cash', 'cheque')`),
    check('cost_submissions_amount_ck', sql`${t.amountSatang} > 0`),
    check('cost_submissions_cheque_receipt_ck', sql`${t.type} = 'cash' or ${t.receiptId} is not null`),
  ],
);
