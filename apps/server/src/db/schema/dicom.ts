import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './common';
import { exams } from './exams';

/** A DICOM study in the archive; linked to an exam by AccessionNumber, then StudyInstanceUID, or left unmatched. */
export const dicomStudies = pgTable(
  'dicom_studies',
  {
    id: uuidPk(),
    studyInstanceUid: text().notNull().unique(),
    examId: uuid().references(() => exams.id),
    patientId: text(),
    patientName: text(),
    patientBirthDate: text(),
    patientSex: text(),
    accessionNumber: text(),
    studyDate: text(),
    studyTime: text(),
    studyDescription: text(),
    referringPhysicianName: text(),
    institutionName: text(),
    modalitiesInStudy: text(),
    numberOfSeries: integer().notNull().default(0),
    numberOfInstances: integer().notNull().default(0),
    callingAeTitle: text(),
    /** Why a study that named an exam was held unmatched: 'patient-id-mismatch' (its PatientID is not the exam's HN). */
    unmatchedReason: text(),
    receivedAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Matched or re-pointed to an exam (IHE Patient Information Reconciliation, decision io30): the DICOM JSON of the
     * exam's PatientName, PatientID, IssuerOfPatientID, PatientBirthDate, PatientSex and AccessionNumber, which the
     * patient columns above also hold now. Metadata and every file leaving Rangsi carry them; null: as received.
     */
    reconciledIdentity: jsonb().$type<Record<string, { vr: string; Value?: unknown[] }>>(),
    /** What the study said before its first reconciliation (the stored files still say it): for the audit. */
    originalIdentity: jsonb().$type<Record<string, string | null>>(),
    reconciledAt: timestamp({ withTimezone: true }),
    /** QIDO PatientName matching: lower case, DICOM separators (^ =) as single spaces, trimmed. */
    patientNameSearch: text()
      .notNull()
      .generatedAlwaysAs(
        sql`btrim(regexp_replace(lower(translate(coalesce(patient_name, ''), '^=', '  ')), ' +', ' ', 'g'))`,
      ),
  },
  (t) => [
    index('dicom_studies_accession_idx').on(t.accessionNumber),
    index('dicom_studies_exam_idx').on(t.examId),
    index('dicom_studies_date_idx').on(t.studyDate),
    index('dicom_studies_patient_id_idx').on(t.patientId),
    index('dicom_studies_name_trgm').using('gin', sql`${t.patientNameSearch} gin_trgm_ops`),
  ],
);

export const dicomSeries = pgTable(
  'dicom_series',
  {
    id: uuidPk(),
    studyId: uuid()
      .notNull()
      .references(() => dicomStudies.id),
    seriesInstanceUid: text().notNull().unique(),
    modality: text(),
    seriesNumber: integer(),
    seriesDescription: text(),
    bodyPartExamined: text(),
    imageOrientationPatient: text(),
    numberOfInstances: integer().notNull().default(0),
    thumbnailKey: text(),
    createdAt: createdAt(),
  },
  (t) => [index('dicom_series_study_idx').on(t.studyId)],
);

export const dicomInstances = pgTable(
  'dicom_instances',
  {
    id: uuidPk(),
    seriesId: uuid()
      .notNull()
      .references(() => dicomSeries.id),
    sopInstanceUid: text().notNull().unique(),
    sopClassUid: text().notNull(),
    transferSyntaxUid: text().notNull(),
    instanceNumber: integer(),
    numberOfFrames: integer().notNull().default(1),
    rows: integer(),
    columns: integer(),
    /** ImageOrientationPatient rounded to 4 decimals, backslash-separated; a series is split per orientation. */
    imageOrientationPatient: text(),
    storageKey: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text(),
    /** DICOM JSON of the non-bulk attributes, so metadata requests never re-read files. */
    metadata: jsonb().notNull(),
    receivedAt: createdAt(),
    /**
     * Cold archive: the key of the zip in cold storage that holds this instance. Set once the zip is fsynced and
     * verified; the hot file at storageKey is then removed (WADO answers 409 until the exam is unzipped).
     */
    coldKey: text(),
    /** DICOM delete: hidden at once from QIDO, WADO, the series list and thumbnails; the purge job removes file and row. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('dicom_instances_series_idx').on(t.seriesId, t.instanceNumber),
    index('dicom_instances_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('dicom_instances_cold_idx')
      .on(t.coldKey)
      .where(sql`${t.coldKey} is not null`),
  ],
);
