import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  serial,
} from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt, uuidPk } from './common';
import {
  branches,
  hospitalBuildings,
  hospitalDoctors,
  hospitalPrivileges,
  hospitals,
  lookups,
  products,
} from './organization';
import { patients } from './patients';
import { users } from './users';

/** An imaging request (order) for one patient; it owns one exam per modality. */
export const requests = pgTable(
  'requests',
  {
    id: uuidPk(),
    patientId: uuid()
      .notNull()
      .references(() => patients.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    hospitalId: integer().references(() => hospitals.id),
    privilegeId: integer().references(() => hospitalPrivileges.id),
    appointmentAt: timestamp({ withTimezone: true }).notNull(),
    isSchedule: boolean().notNull().default(false),
    examStartTime: text(),
    examEndTime: text(),
    paymentMethodId: integer().references(() => lookups.id),
    hospitalDoctorId: integer().references(() => hospitalDoctors.id),
    hospitalBuildingId: integer().references(() => hospitalBuildings.id),
    techId: uuid().references(() => users.id),
    researchProjectId: integer().references(() => lookups.id),
    researchProjectSubjectId: text(),
    researchProjectSubjectName: text(),
    researchProjectVN: text(),
    allergies: jsonb().$type<string[]>().notNull().default([]),
    additionalFields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    remark: text(),
    /** Active or Hold (spec §4 Request status Hold). */
    status: text().notNull().default('Active'),
    statusRemark: text(),
    nhsoClaimCode: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer().notNull().default(1),
    /** Sum of the priced lines (request_products), kept by statement triggers (migration 0017, decision acc05). */
    totalSatang: bigint({ mode: 'number' }).notNull().default(0),
    ...softDelete(),
  },
  (t) => [
    index('requests_appointment_idx').on(t.appointmentAt),
    index('requests_patient_idx').on(t.patientId),
    index('requests_hospital_idx').on(t.hospitalId, t.appointmentAt),
    // The request list pages with ORDER BY appointment_at DESC, id DESC among rows not deleted, per data scope.
    index('requests_list_idx')
      .on(t.appointmentAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('requests_branch_list_idx')
      .on(t.branchId, t.appointmentAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('requests_hospital_list_idx')
      .on(t.hospitalId, t.appointmentAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // A patient's requests in the list order, with the scope columns last (Drizzle has no INCLUDE): the list searched by
    // HN or a piece of a name (the patients found first, then each one's requests within the dates) and a patient's own
    // requests read this index only (docs/decisions/rq9-request-list-two-statements-capped.md).
    index('requests_patient_list_idx')
      .on(t.patientId, t.appointmentAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.branchId, t.hospitalId)
      .where(sql`${t.deletedAt} is null`),
    // The billing search, of one privilege or of all, in its order and index-only: the columns it filters on, joins on
    // and returns follow the key (migrations 0016, 0017).
    index('requests_billing_privilege_idx')
      .on(t.hospitalId, t.privilegeId, t.appointmentAt, t.id, t.branchId, t.status, t.patientId, t.totalSatang)
      .where(sql`${t.deletedAt} is null`),
    index('requests_billing_idx')
      .on(t.hospitalId, t.appointmentAt, t.id, t.branchId, t.status, t.patientId, t.privilegeId, t.totalSatang)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const requestProducts = pgTable(
  'request_products',
  {
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: integer().notNull().default(1),
    dose: text(),
    /** Unit price fixed when the request was saved (custom → privilege → default). */
    unitPriceSatang: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.productId] })],
);

/** A custom price proposal on a request; held requests wait for an Administrator's decision. */
export const customPrices = pgTable(
  'custom_prices',
  {
    id: serial().primaryKey(),
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
    items: jsonb().$type<{ productId: number; priceSatang: number }[]>().notNull(),
    status: text().notNull().default('Pending'),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('custom_prices_request_idx').on(t.requestId, t.id)],
);

/** Public film/image export link with QR (spec §3 Export link). */
export const exportLinks = pgTable('export_links', {
  id: text().primaryKey(),
  requestId: uuid()
    .notNull()
    .references(() => requests.id),
  createdBy: uuid().references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /** argon2 hash of the optional PIN the viewer must type (beyond the spec, as share links in the best systems have). */
  pinHash: text(),
  revokedAt: timestamp({ withTimezone: true }),
});
