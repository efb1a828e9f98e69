import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './common';
import { hospitalPrivileges, hospitals } from './organization';
import { requests } from './requests';
import { users } from './users';

/** A billing batch: the unpaid requests of a hospital (and privilege) over a date range. */
export const billings = pgTable('billings', {
  id: uuidPk(),
  documentNo: text().notNull().unique(),
  hospitalId: integer().notNull().references(() => hospitals.id),
  privilegeId: integer().references(() => hospitalPrivileges.id),
  startDate: date().notNull(),
  endDate: date().notNull(),
  isPrinted: boolean().notNull().default(false),
  createdBy: uuid().references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('billings_hospital_idx').on(t.hospitalId, t.createdAt)]);

export const receipts = pgTable('receipts', {
  id: uuidPk(),
  billingId: uuid().notNull().references(() => billings.id),
  documentNo: text().notNull().unique(),
  /** transfer or cheque */
  type: text().notNull(),
  bankName: text().notNull(),
  amountSatang: integer().notNull(),
  number: text().notNull(),
  createdBy: uuid().references(() => users.id),
  createdAt: createdAt(),
});

export const billingRequests = pgTable('billing_requests', {
  billingId: uuid().notNull().references(() => billings.id),
  requestId: uuid().notNull().references(() => requests.id),
  totalSatang: integer().notNull(),
  paidReceiptId: uuid().references(() => receipts.id),
  paidAt: timestamp({ withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.billingId, t.requestId] }), index('billing_requests_request_idx').on(t.requestId)]);
