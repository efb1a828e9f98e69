import { z } from 'zod';
import { AUDIT_STATUSES, EXAM_STATUSES, REPORT_KINDS } from '@rangsi/domain';
import { FinishedReportEntrySchema, ReportParameterSchema } from './reports';

/**
 * The radiology report of an exam (issue 8 "authoring"): GET /api/exam/{examId}/report/{name}, its draft (autosaved),
 * Finish (a new immutable version with its PDF) and GET /ReportViewer/finishedReport/{examId}/{finishedReportId}.
 */

/** One section may hold this many characters: a long CT report is a few thousand; more is a mistake, refused with 400. */
export const REPORT_SECTION_MAX = 20_000;
export const REPORT_SECTIONS = ['clinicalInformation', 'technique', 'findings', 'impression'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

const Section = z.string().max(REPORT_SECTION_MAX, `ข้อความยาวเกิน ${REPORT_SECTION_MAX.toLocaleString('en-US')} ตัวอักษร`);

/** What the reader writes. Plain text (never HTML): the form and the PDF show it as text. */
export const ReportContentSchema = z.strictObject({
  clinicalInformation: Section.default(''),
  technique: Section.default(''),
  findings: Section.default(''),
  impression: Section.default(''),
  /** Why this version corrects the one before (an addendum only). */
  addendum: Section.optional(),
  /** The template the text started from, if any (for the record, not shown). */
  templateId: z.string().uuid().nullable().optional(),
});
export type ReportContent = z.infer<typeof ReportContentSchema>;

export const ReportKindSchema = z.enum(REPORT_KINDS);

/** Spec §3 Report.finishedReports, plus the version's number, kind, audit outcome and critical flag. */
export const ExamFinishedReportSchema = FinishedReportEntrySchema.extend({
  versionNo: z.number().int(),
  kind: ReportKindSchema,
  /** '' (not under audit), WaitingForAudit, Approved, Rejected — the latest version follows the exam's. */
  auditStatus: z.enum(AUDIT_STATUSES),
  /** The approver's message when this version was rejected. */
  auditMessage: z.string().nullable(),
  isCritical: z.boolean(),
  /** GET address of the saved PDF. */
  pdfUrl: z.string(),
});
export type ExamFinishedReport = z.infer<typeof ExamFinishedReportSchema>;

export const ReportDraftSchema = z.object({
  content: ReportContentSchema,
  isCritical: z.boolean(),
  /** Optimistic concurrency of the autosave: send it back with the next save. */
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ReportDraft = z.infer<typeof ReportDraftSchema>;

export const ReportTemplateSchema = z.object({
  templateId: z.string(),
  name: z.string(),
  /** th or en. */
  language: z.string(),
  modalityCode: z.string().nullable(),
  bodyPart: z.string().nullable(),
  content: z.object({
    clinicalInformation: z.string(),
    technique: z.string(),
    findings: z.string(),
    impression: z.string(),
  }),
  /** The user's own template (others are the shared, seeded ones). */
  isOwn: z.boolean(),
});
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;

/** The exam as the report screen heads it. */
export const ReportExamSchema = z.object({
  examId: z.string(),
  accessionNumber: z.string().nullable(),
  hn: z.string(),
  patientName: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  modality: z.string(),
  description: z.string(),
  bodyPart: z.string().nullable(),
  examDate: z.string(),
  status: z.enum(EXAM_STATUSES),
  branchId: z.number().int(),
  branchName: z.string(),
  clientName: z.string().nullable(),
  referringPhysicianName: z.string().nullable(),
  reviewerId: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reportAuditStatus: z.enum(AUDIT_STATUSES),
  /** The latest message on the exam: an approver's reason when the report was rejected. */
  latestMessage: z.string().nullable(),
  isCritical: z.boolean(),
  version: z.number().int(),
});
export type ReportExam = z.infer<typeof ReportExamSchema>;

/** GET /api/exam/{examId}/report/{name}: spec §3 Report (reportName, reportParameters, finishedReports) and the form's data. */
export const ExamReportSchema = z.object({
  reportName: z.string(),
  reportParameters: z.array(ReportParameterSchema),
  finishedReports: z.array(ExamFinishedReportSchema),
  exam: ReportExamSchema,
  /** The reader's draft (only for those who may write). */
  draft: ReportDraftSchema.nullable(),
  /** The latest finished version's text, where an addendum starts (only for those who may write). */
  latestContent: ReportContentSchema.nullable(),
  /** The request's clinical history and indication, where a new report's clinical information starts (for writers). */
  requestClinicalInformation: z.string(),
  /** Templates for the exam's modality, its body part first (only for those who may write). */
  templates: z.array(ReportTemplateSchema),
  access: z.object({
    canEdit: z.boolean(),
    /** Why the user reads only: readOnlyRole, notAccepted, notReviewer, wrongState. */
    reason: z.string().nullable(),
    /** What the next Finish can make: ['final','preliminary'] or ['addendum']. */
    nextKinds: z.array(ReportKindSchema),
    /** The number the next finished version gets; Finish sends it back. */
    nextVersionNo: z.number().int(),
  }),
});
export type ExamReport = z.infer<typeof ExamReportSchema>;

const Bool = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z
    .enum(['true', 'false', '1', '0'], { error: 'isIncludeFinished ต้องเป็น true หรือ false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

export const ExamReportQuerySchema = z.object({ isIncludeFinished: Bool });

/** Report names are short identifiers, with an optional extension (pacs, pacs.mrt). */
const ReportName = z
  .string()
  .min(1)
  .max(64, 'ชื่อรายงานยาวเกินไป')
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9]{1,5})?$/, 'ชื่อรายงานไม่ถูกต้อง');
const ExamId = z.string().uuid('ไม่พบรายการตรวจ');

export const ExamReportParamsSchema = z.object({ examId: ExamId, name: ReportName });
export const FinishedReportParamsSchema = ExamReportParamsSchema.extend({
  finishedReportId: z.string().uuid('ไม่พบรายงานฉบับนี้'),
});
export const FinishedReportViewerParamsSchema = z.object({
  id: ExamId,
  finishedReportId: z.string().uuid('ไม่พบรายงานฉบับนี้'),
});

/** PUT …/draft: the whole form, every few seconds while the reader types. */
export const SaveReportDraftSchema = z.strictObject({
  content: ReportContentSchema,
  isCritical: z.boolean().default(false),
  /** The draft version last seen: 0 when there was none. A stale one is a 409 with the current draft. */
  version: z.number().int().min(0),
});
export type SaveReportDraft = z.infer<typeof SaveReportDraftSchema>;

/** POST …/finish: the text becomes a finished, immutable version and its PDF. */
export const FinishReportSchema = z.strictObject({
  content: ReportContentSchema,
  isCritical: z.boolean().default(false),
  /** preliminary or final for a first read; after a final every Finish is an addendum. */
  kind: z.enum(['preliminary', 'final']).optional(),
  /**
   * The version this Finish makes (access.nextVersionNo as the screen saw it). Two Finish clicks, or two windows,
   * make one version: the second is a 409.
   */
  versionNo: z.number().int().min(1),
});
export type FinishReport = z.infer<typeof FinishReportSchema>;

export const FinishReportResultSchema = z.object({ finishedReport: ExamFinishedReportSchema });
export type FinishReportResult = z.infer<typeof FinishReportResultSchema>;

/** POST /api/report/templates: the reader keeps the current text as their own template. */
export const CreateReportTemplateSchema = z.strictObject({
  name: z.string().trim().min(1, 'กรุณาระบุชื่อแม่แบบ').max(100),
  language: z.enum(['th', 'en']).default('th'),
  modalityCode: z.string().trim().max(16).nullable().optional(),
  bodyPart: z.string().trim().max(32).nullable().optional(),
  content: z.strictObject({
    clinicalInformation: Section.default(''),
    technique: Section.default(''),
    findings: Section.default(''),
    impression: Section.default(''),
  }),
});
export type CreateReportTemplate = z.infer<typeof CreateReportTemplateSchema>;
