import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  serial,
} from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt, uuidPk } from './common';
import { branches, hospitals } from './organization';

type Text = string | null | undefined;
export interface AddressValue {
  addressId?: number;
  no?: Text;
  building?: Text;
  moo?: Text;
  village?: Text;
  alley?: Text;
  road?: Text;
  subDistrict?: Text;
  district?: Text;
  province?: Text;
  postCode?: Text;
  country?: Text;
}

export const patients = pgTable(
  'patients',
  {
    id: uuidPk(),
    hn: text().notNull(),
    branchId: integer().references(() => branches.id),
    /** The hospital that registered the patient (scope of Hospital users). */
    hospitalId: integer().references(() => hospitals.id),
    nationalNumber: text(),
    alienNumber: text(),
    passportNumber: text(),
    phoneNumber: text(),
    prefixTh: text(),
    firstNameTh: text().notNull(),
    middleNameTh: text(),
    lastNameTh: text(),
    suffixTh: text(),
    prefixEn: text(),
    firstNameEn: text(),
    middleNameEn: text(),
    lastNameEn: text(),
    suffixEn: text(),
    /** Thai and English names in one lower-cased string for the trigram substring search. */
    searchName: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(prefix_th,'') || ' ' || first_name_th || ' ' || coalesce(middle_name_th,'') || ' ' || coalesce(last_name_th,'') || ' ' || coalesce(first_name_en,'') || ' ' || coalesce(middle_name_en,'') || ' ' || coalesce(last_name_en,''))`,
      ),
    gender: text().notNull().default('Unknown'),
    birthDate: date(),
    unknownBirthDate: boolean().notNull().default(false),
    /** Age in years as given when the birth date is unknown, with the date it was given. */
    statedAge: integer(),
    statedAgeAt: date(),
    bloodGroup: text(),
    nationality: text(),
    race: text(),
    religion: text(),
    occupation: text(),
    imageKey: text(),
    passwordHash: text(),
    hasAllergy: boolean().notNull().default(false),
    allergies: jsonb().$type<string[]>().notNull().default([]),
    currentAddress: jsonb().$type<AddressValue>(),
    recordAddress: jsonb().$type<AddressValue>(),
    currentAndRecordAddressIsSame: boolean().notNull().default(false),
    emergencyContact: jsonb().$type<{
      contactName?: Text;
      homePhoneNumber?: Text;
      workPhoneNumber?: Text;
      address?: AddressValue | null;
    }>(),
    workPlace: jsonb().$type<{
      workPlaceType: string;
      workPlaceName?: Text;
      position?: Text;
      workPlaceTaxId?: Text;
      workAddress?: AddressValue | null;
    }>(),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer().notNull().default(1),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('patients_hn_uq').on(t.hn),
    index('patients_national_number_idx').on(t.nationalNumber),
    index('patients_phone_idx').on(t.phoneNumber),
    index('patients_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

/** Family history lines (spec §3 Contact). */
export const patientContacts = pgTable('patient_contacts', {
  id: serial().primaryKey(),
  patientId: uuid()
    .notNull()
    .references(() => patients.id),
  relationship: text().notNull(),
  firstName: text(),
  lastName: text(),
  occupation: text(),
  note: text(),
});

/** One-time phone-camera capture links (spec §7 patient image QR). */
export const photoCaptures = pgTable('photo_captures', {
  id: uuidPk(),
  patientId: uuid()
    .notNull()
    .references(() => patients.id),
  createdBy: uuid().notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  imageKey: text(),
  completedAt: timestamp({ withTimezone: true }),
});
