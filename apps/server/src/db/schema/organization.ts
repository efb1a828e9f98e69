import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

/** A branch of the radiology service (where exams are performed and read). */
export const branches = pgTable('branches', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  nameEn: text().notNull(),
  /** Reports finished here wait for an approver before release. */
  reportAuditRequired: boolean().notNull().default(false),
  dicomAuditRequired: boolean().notNull().default(false),
  /** Optional branch image cache base URL (spec §7 "Branch image cache"). */
  imageCacheUrl: text(),
  /** Accession number pattern, e.g. {branch}{yyMMdd}{seq:4}. */
  accessionPattern: text().notNull().default('{branch}{yyMMdd}{seq:4}'),
  address: text(),
  phone: text(),
  createdAt: createdAt(),
});

/** A client hospital that sends patients (the spec's "hospital" and "client"). */
export const hospitals = pgTable('hospitals', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  nameEn: text().notNull(),
  branchId: integer()
    .notNull()
    .references(() => branches.id),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/** Health-coverage schemes a hospital bills under (the spec's "privilage"). */
export const hospitalPrivileges = pgTable('hospital_privileges', {
  id: serial().primaryKey(),
  hospitalId: integer()
    .notNull()
    .references(() => hospitals.id),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
});

export const hospitalDoctors = pgTable('hospital_doctors', {
  id: serial().primaryKey(),
  hospitalId: integer()
    .notNull()
    .references(() => hospitals.id),
  name: text().notNull(),
  createdAt: createdAt(),
});

export const hospitalBuildings = pgTable('hospital_buildings', {
  id: serial().primaryKey(),
  hospitalId: integer()
    .notNull()
    .references(() => hospitals.id),
  name: text().notNull(),
  createdAt: createdAt(),
});

export const modalities = pgTable('modalities', {
  code: text().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

/** Something that can be ordered and billed: an exam protocol, film, or contrast medium. */
export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    modalityCode: text()
      .notNull()
      .references(() => modalities.code),
    code: text().notNull(),
    name: text().notNull(),
    /** e.g. ตรวจ (exam), เวชภัณฑ์ (contrast, dose in ml), FILM (dose in sheets). */
    productGroup: text().notNull(),
    bodyPart: text(),
    defaultPriceSatang: integer().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('products_modality_code_uq').on(t.modalityCode, t.code)],
);

/** Price of a product under a privilege; absent means the default price. */
export const privilegePrices = pgTable(
  'privilege_prices',
  {
    privilegeId: integer()
      .notNull()
      .references(() => hospitalPrivileges.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    priceSatang: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.privilegeId, t.productId] })],
);

/** Server-driven menu (spec §7 uidata/menu); shown to users holding permissionCode's MENU_ flag. */
export const menuItems = pgTable('menu_items', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  permission: text().notNull(),
  titleTh: text().notNull(),
  titleEn: text().notNull(),
  parentId: integer(),
  sortOrder: integer().notNull().default(0),
  newWindow: boolean().notNull().default(false),
});

/** Site-wide settings (spec §3 Site config, scanner config, gateway URLs …), one JSON value per key. */
export const siteConfig = pgTable('site_config', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
});

/** Simple named lookups of the request form (spec §3 Condition UI data). */
export const lookups = pgTable(
  'lookups',
  {
    id: serial().primaryKey(),
    /** researchProject, doctorSendWorkingGroup, paymentMethod, allergy, requestDocument, deleteReason, bloodType, relationship, costPaymentMethod */
    kind: text().notNull(),
    code: text(),
    name: text().notNull(),
    nameEn: text(),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('lookups_kind_name_uq').on(t.kind, t.name)],
);

/** Thai/English name prefixes with their pairing and gender (spec §3 Name prefix). */
export const namePrefixes = pgTable('name_prefixes', {
  id: serial().primaryKey(),
  th: text().notNull(),
  en: text().notNull(),
  groupTh: text().notNull(),
  groupEn: text().notNull(),
  gender: text(),
  sortOrder: integer().notNull().default(0),
});

/** Configured additional request fields (spec §3 Additional field definition). */
export const additionalFields = pgTable('additional_fields', {
  id: text().primaryKey(),
  name: text().notNull(),
  type: text().notNull(),
  width: integer().notNull().default(1),
  height: integer().notNull().default(1),
  options: jsonb().$type<string[]>(),
  isMultiValue: boolean().notNull().default(false),
  suffix: text(),
  description: text(),
  visibility: boolean().notNull().default(true),
  orderNumber: integer().notNull().default(0),
  dependencies:
    jsonb().$type<{ dependencyFieldId: string; trigOperator: string; trigValue: string; action: string }[]>(),
});

export const modalityAdditionalFields = pgTable(
  'modality_additional_fields',
  {
    modalityCode: text()
      .notNull()
      .references(() => modalities.code),
    fieldId: text()
      .notNull()
      .references(() => additionalFields.id),
    visibility: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.modalityCode, t.fieldId] })],
);

/** Next sequence number of accession numbers per branch and day; never reused. */
export const accessionSequences = pgTable(
  'accession_sequences',
  {
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    day: date().notNull(),
    lastValue: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.day] })],
);
