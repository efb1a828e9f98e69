import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt, uuidPk } from './common';
import { branches, hospitals, modalities } from './organization';
import { patients } from './patients';
import { requests } from './requests';
import { users } from './users';

/**
 * One imaging exam (a worklist row). The patient name parts are the exam's own copy — what the images carry —
 * so "Edit Exam Information" changes them without touching the patient record.
 */
export const exams = pgTable(
  'exams',
  {
    id: uuidPk(),
    requestId: uuid().references(() => requests.id),
    patientId: uuid().references(() => patients.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    /** The client hospital (the spec's clientId). */
    hospitalId: integer().references(() => hospitals.id),
    accessionNumber: text(),
    modalityCode: text()
      .notNull()
      .references(() => modalities.code),
    description: text().notNull().default(''),
    bodyPart: text(),
    examDate: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }),
    expectedAt: timestamp({ withTimezone: true }),
    /** When the current reviewer was assigned (turnaround reports: received → assigned → finished). */
    assignedAt: timestamp({ withTimezone: true }),
    /** When the first finished report version was stored; addenda do not move it. */
    firstReportedAt: timestamp({ withTimezone: true }),
    /** Scheduled, Arrived, Assigned, Accepted, Completed, Rejected (ExamStatus). */
    status: text().notNull().default('Scheduled'),
    hn: text().notNull().default(''),
    prefixName: text(),
    firstName: text().notNull().default(''),
    middleName: text(),
    lastName: text(),
    suffixName: text(),
    birthDate: date(),
    gender: text(),
    patientNameSearch: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(prefix_name,'') || ' ' || first_name || ' ' || coalesce(middle_name,'') || ' ' || coalesce(last_name,''))`,
      ),
    reviewerId: uuid().references(() => users.id),
    specificReviewerId: uuid().references(() => users.id),
    isSpecific: boolean().notNull().default(false),
    isOnDuty: boolean().notNull().default(false),
    isChainCase: boolean().notNull().default(false),
    reportUrgency: text().notNull().default('NotSpecified'),
    latestMessage: text(),
    latestReporterId: uuid().references(() => users.id),
    isCheckReport: boolean().notNull().default(false),
    isRead: boolean().notNull().default(false),
    isCritical: boolean().notNull().default(false),
    hasImage: boolean().notNull().default(false),
    hasNote: boolean().notNull().default(false),
    /** '' (none), WaitingForAudit, Approved, Rejected. */
    dicomAuditStatus: text().notNull().default(''),
    reportAuditStatus: text().notNull().default(''),
    /** null, Archive, Uploaded, Error. */
    zipStatus: text(),
    zipStatusUpdatedAt: timestamp({ withTimezone: true }),
    remark: text(),
    // DICOM-side attributes used by the advanced search and the Modality Worklist.
    studyInstanceUid: text(),
    dicomPatientId: text(),
    issuerOfPatientId: text(),
    referringPhysicianId: text(),
    referringPhysicianName: text(),
    studyDate: text(),
    studyTime: text(),
    institutionalDepartment: text(),
    sendingApplication: text(),
    scheduledStationAeTitle: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Optimistic concurrency: every change bumps it; a stale version is a conflict. */
    version: integer().notNull().default(1),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('exams_accession_uq').on(t.accessionNumber),
    // The worklist pages with ORDER BY exam_date DESC, id DESC (DESC means NULLS FIRST) among rows not deleted, per
    // data scope. These indexes have exactly that order and predicate, so a page is the first 50 entries of an index-only
    // scan and the count an index-only scan of the window (docs/performance.md, worklist section). Drizzle's .desc()
    // alone would write DESC NULLS LAST, which no longer matches the ORDER BY.
    index('exams_exam_date_idx')
      .on(t.examDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('exams_hn_idx').on(t.hn),
    index('exams_branch_date_idx')
      .on(t.branchId, t.examDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('exams_hospital_date_idx')
      .on(t.hospitalId, t.examDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('exams_reviewer_date_idx')
      .on(t.reviewerId, t.examDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // A doctor's client tabs count the open exams per client on every search: the few exams not yet completed, by
    // reviewer and date, with the client in the index so the count never reads the table.
    index('exams_open_reviewer_idx')
      .on(t.reviewerId, t.examDate.desc().nullsFirst(), t.hospitalId)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'Completed'`),
    index('exams_request_idx').on(t.requestId),
    // The doctor report reads the exams first reported in a period (decision R8): one index range, not the whole table.
    index('exams_first_reported_idx')
      .on(t.firstReportedAt)
      .where(sql`${t.deletedAt} is null and ${t.reviewerId} is not null and ${t.firstReportedAt} is not null`),
    // The live exams of a request by modality: each row of the request list reads them, and the list's modality filter
    // probes it per request without touching the table. Partial like the other list indexes, so a planner without
    // statistics (PGlite never runs ANALYZE by itself) takes it rather than AND-ing exams_patient_idx's whole partial
    // range into every probe (docs/decisions/rq9-request-list-two-statements-capped.md).
    index('exams_request_modality_idx')
      .on(t.requestId, t.modalityCode)
      .where(sql`${t.deletedAt} is null`),
    // A patient's other exams (History, the hasOldExams flag of every worklist row, the patient page), always among rows
    // not deleted and often before a date: one index range, even for a planner without statistics (PGlite never runs
    // ANALYZE by itself, and then preferred a bitmap over the whole date index, 50 times per page). Patients are never
    // hard-deleted, so no foreign-key check needs a plain patient_id index.
    index('exams_patient_idx')
      .on(t.patientId, t.examDate.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('exams_study_uid_idx').on(t.studyInstanceUid),
    // Migration 0005 sets STATISTICS 1000 on patient_name_search (not expressible here): with the default histogram
    // a name in 0.1–1 % of exams looked rare, and the planner read every exam of that name instead of combining this index
    // with the date index.
    index('exams_name_trgm').using('gin', sql`${t.patientNameSearch} gin_trgm_ops`),
  ],
);

/** The exam's log (spec §3 Exam.log): who did what, when. Append-only. */
export const examEvents = pgTable(
  'exam_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    examId: uuid()
      .notNull()
      .references(() => exams.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: uuid().references(() => users.id),
    userName: text().notNull(),
    action: text().notNull(),
    detail: text(),
  },
  (t) => [index('exam_events_exam_idx').on(t.examId, t.at)],
);

/** An uploaded document or file attached to an exam, a request or a patient. */
export const documents = pgTable(
  'documents',
  {
    id: uuidPk(),
    examId: uuid().references(() => exams.id),
    requestId: uuid().references(() => requests.id),
    patientId: uuid().references(() => patients.id),
    /** document (typed list of extensions) or file (anything), spec §5 Upload; also requestDocument, reportAttachment. */
    kind: text().notNull(),
    /** The request-document type it satisfies (lookups kind requestDocument). */
    documentTypeId: integer(),
    modalityCode: text(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    uploadedBy: uuid().references(() => users.id),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...softDelete(),
  },
  (t) => [index('documents_exam_idx').on(t.examId), index('documents_request_idx').on(t.requestId)],
);

/** Report templates per modality and body part, picked and edited by the radiologist. */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: uuidPk(),
    modalityCode: text(),
    bodyPart: text(),
    name: text().notNull(),
    language: text().notNull().default('en'),
    /** Stable key of a seeded template (demo seed is idempotent on it); null for user-made ones. */
    code: text(),
    content: jsonb()
      .$type<{ clinicalInformation?: string; technique?: string; findings?: string; impression?: string }>()
      .notNull(),
    ownerId: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('report_templates_code_uq').on(t.code)],
);

/** The draft a reader is writing (autosaved); one per exam and report name. */
export const reportDrafts = pgTable(
  'report_drafts',
  {
    examId: uuid()
      .notNull()
      .references(() => exams.id),
    reportName: text().notNull(),
    content: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: updatedAt(),
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('report_drafts_uq').on(t.examId, t.reportName)],
);

/** A finished (immutable) report version; corrections are addenda making a new version. */
export const finishedReports = pgTable(
  'finished_reports',
  {
    id: uuidPk(),
    examId: uuid().references(() => exams.id),
    /** Non-exam reports (billing, accounting, branch) keep their subject here. */
    subjectId: text(),
    reportName: text().notNull(),
    versionNo: integer().notNull().default(1),
    /** preliminary, final, addendum */
    kind: text().notNull().default('final'),
    content: jsonb().$type<Record<string, unknown>>(),
    pdfKey: text().notNull(),
    reporterId: uuid().references(() => users.id),
    reporterName: text().notNull(),
    createdAt: createdAt(),
    auditStatus: text().notNull().default(''),
    auditMessage: text(),
    /** The reader flagged a critical (urgent, communicate-now) finding in this version. */
    isCritical: boolean().notNull().default(false),
    /** Hospital gateway delivery: '' (not sent), Pending, Sent, Failed. */
    gatewayStatus: text().notNull().default(''),
    gatewayAttempts: integer().notNull().default(0),
    gatewayLastAttemptAt: timestamp({ withTimezone: true }),
    /** Why the last delivery failed (no patient data). */
    gatewayMessage: text(),
  },
  (t) => [
    index('finished_reports_exam_idx').on(t.examId, t.reportName),
    // Two Finish calls at once for the same exam and report name: only one version number can win.
    uniqueIndex('finished_reports_version_uq')
      .on(t.examId, t.reportName, t.versionNo)
      .where(sql`${t.examId} is not null`),
    index('finished_reports_subject_idx')
      .on(t.subjectId, t.reportName)
      .where(sql`${t.subjectId} is not null`),
  ],
);
