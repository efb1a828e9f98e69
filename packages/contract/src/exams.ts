import { z } from 'zod';
import { dateOnly } from './date-only';
import { AUDIT_STATUSES, EXAM_STATUSES, REPORT_URGENCIES, ZIP_STATUSES } from '@rangsi/domain';

const DateOnly = dateOnly('expected yyyy-MM-dd');
const TimeOnly = z.string().regex(/^\d{2}:?\d{2}(:?\d{2})?$/, 'expected HH:mm');
const Text = (max = 100) => z.string().trim().max(max);

/** The worklist search payload of spec §3 (all fields optional; dates are Asia/Bangkok calendar days). */
export const ExamSearchSchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  examFromDate: DateOnly.optional(),
  examToDate: DateOnly.optional(),
  accessionNumber: Text(64).optional(),
  hospitalNumber: Text(64).optional(),
  patientName: Text(100).optional(),
  modalityCode: Text(16).optional(),
  patientId: Text(64).optional(),
  issuerOfPatientId: Text(64).optional(),
  referringPhysicianId: Text(64).optional(),
  studyDateFrom: DateOnly.optional(),
  studyDateTo: DateOnly.optional(),
  studyTimeFrom: TimeOnly.optional(),
  studyTimeTo: TimeOnly.optional(),
  institutionalDepartment: Text(100).optional(),
  sendingApplication: Text(100).optional(),
  /** Doctor client tab (spec §2); ignored for other roles. */
  clientId: z.number().int().positive().optional(),
});
export type ExamSearch = z.infer<typeof ExamSearchSchema>;

/** A worklist row (spec §3 Exam), spelled as clients expect (recieiveDate included), plus version for concurrency. */
export const ExamSchema = z.object({
  examId: z.string(),
  accessionNumber: z.string().nullable(),
  examDate: z.string(),
  hn: z.string(),
  patientName: z.string(),
  age: z.number().int().nullable(),
  modality: z.string(),
  description: z.string(),
  recieiveDate: z.string().nullable(),
  expectedDate: z.string().nullable(),
  status: z.enum(EXAM_STATUSES),
  branchId: z.number().int(),
  branchName: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  reviewerId: z.string().nullable(),
  reviewerName: z.string().nullable(),
  specificReviewerId: z.string().nullable(),
  latestMessage: z.string().nullable(),
  latestReporter: z.string().nullable(),
  isCheckReport: z.boolean(),
  isRead: z.boolean(),
  reportCount: z.number().int(),
  hasImage: z.boolean(),
  /** No images yet, and they are on their way (the demo's generated images while they are written). */
  imagesArriving: z.boolean().optional(),
  hasNote: z.boolean(),
  hasDocument: z.boolean(),
  hasFile: z.boolean(),
  hasOldExams: z.boolean(),
  dicomAuditStatus: z.enum(AUDIT_STATUSES),
  reportAuditStatus: z.enum(AUDIT_STATUSES),
  zipStatus: z.enum(ZIP_STATUSES).nullable(),
  zipStatusLastUpdate: z.string().nullable(),
  remark: z.string().nullable(),
  allergy: z.array(z.string()),
  isChainCase: z.boolean(),
  isSpecific: z.boolean(),
  isOnDuty: z.boolean(),
  isCritical: z.boolean(),
  reportUrgency: z.enum(REPORT_URGENCIES as [string, ...string[]]),
  log: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  prefixName: z.string().nullable(),
  suffixName: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** The request the exam was ordered on (Export Film from the worklist makes that request's film link); null for a walk-in study. */
  requestId: z.string().nullable(),
  version: z.number().int(),
});
export type Exam = z.infer<typeof ExamSchema>;

export const ExamSearchResultSchema = z.object({
  rows: z.array(ExamSchema),
  /** Matching exams; when totalIsEstimate is true, a lower bound (more than 10,000 match: show "10,000+"). */
  total: z.number().int(),
  /** True when the count stopped at its cap (docs/decisions/wl1-capped-worklist-total.md). */
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Doctor client tabs: open records per client, most first. */
  clients: z
    .array(z.object({ clientId: z.number().int(), clientName: z.string(), openCount: z.number().int() }))
    .optional(),
});
export type ExamSearchResult = z.infer<typeof ExamSearchResultSchema>;

const Uuid = z.string().uuid('ไม่พบรายการตรวจ');
export const ExamIdParamsSchema = z.object({ id: Uuid });
export type ExamIdParams = z.infer<typeof ExamIdParamsSchema>;

/** Optional optimistic-concurrency token: the version of the row the user was looking at. */
const Version = z.number().int().positive().optional();

/** Action bodies may be absent: a bare POST arrives as null. */
export const ExamActionSchema = z.strictObject({ version: Version }).nullish();
/**
 * POST /api/exam/{id}/token: what the query token is for (the viewer frame, a Weasis manifest, the CD helper's
 * export download); it opens only the routes of that purpose, for this exam. Without a body: the viewer.
 */
export const ExamTokenRequestSchema = z
  .strictObject({ purpose: z.enum(['viewer', 'weasis', 'export']).optional(), version: Version })
  .nullish();
export type ExamTokenRequest = z.infer<typeof ExamTokenRequestSchema>;
export const ExamMessageActionSchema = z.strictObject({
  message: z.string().trim().max(2000).optional(),
  version: Version,
});
export type ExamMessageAction = z.infer<typeof ExamMessageActionSchema>;

/** Spec §3 Exam update information (examId comes from the path). */
export const ExamUpdateInformationSchema = z.strictObject({
  examId: z.string().optional(),
  firstName: z.string().trim().min(1, 'กรุณาระบุ').max(100),
  middleName: z.string().trim().max(100).nullable().optional(),
  lastName: z.string().trim().max(100).nullable().optional(),
  prefixName: z.string().trim().max(50).nullable().optional(),
  suffixName: z.string().trim().max(50).nullable().optional(),
  birthDate: DateOnly.nullable().optional(),
  version: Version,
});
export type ExamUpdateInformation = z.infer<typeof ExamUpdateInformationSchema>;

// Non-numbers still count as 0 (spec §5), but a number so large the deadline falls off the calendar (2^70 days)
// made an invalid date that only the database refused, with a 500; a century of minutes is the most any box takes.
const MAX_DURATION_PART = 52_560_000;
const DurationPart = z
  .union([z.number(), z.string().max(10), z.null()])
  .optional()
  .refine((v) => {
    const n = Number(v);
    return !Number.isFinite(n) || n <= MAX_DURATION_PART;
  }, 'ระยะเวลามากเกินไป (too long)');

/** Spec §3 Assign payload; day/hour/minute are coerced to 0 when not a number or negative (spec §5). */
export const AssignExamSchema = z.strictObject({
  examId: z.string().optional(),
  doctorId: z.string().uuid().nullable().optional(),
  withInDay: DurationPart,
  withInHour: DurationPart,
  withInMinute: DurationPart,
  isSpecific: z.boolean().optional(),
  isOnDuty: z.boolean().optional(),
  isChainCase: z.boolean().optional(),
  message: z.string().trim().max(2000).nullable().optional(),
  reportUrgency: z.enum(REPORT_URGENCIES as [string, ...string[]]).optional(),
  version: Version,
});
export type AssignExam = z.infer<typeof AssignExamSchema>;

export const DoctorOptionSchema = z.object({ doctorId: z.string(), doctorName: z.string() });
export type DoctorOption = z.infer<typeof DoctorOptionSchema>;

export const SeriesSchema = z.object({
  seriesId: z.string(),
  studyId: z.string(),
  imageOrientationPatient: z.string().nullable(),
  thumbnail: z.string().nullable(),
  seriesDescription: z.string().nullable(),
  frameNumber: z.number().int(),
  branchCacheUrl: z.string().nullable(),
});
export type Series = z.infer<typeof SeriesSchema>;

/**
 * GET /api/exam/{id}/priors: the patient's earlier exams with images, as the History dialog lists them and within the
 * same user's scope, for the viewer's side-by-side compare. Each carries its own exam token (the viewer frame has no
 * session), which expires no later than the token or session that asked.
 */
export const ViewerPriorSchema = z.object({
  examId: z.string(),
  accessionNumber: z.string().nullable(),
  examDate: z.string(),
  modality: z.string(),
  description: z.string(),
  branchName: z.string(),
  numberOfSeries: z.number().int(),
  numberOfImages: z.number().int(),
  /** The images are in the cold archive (or failed to come back): the series page must unzip them first; no token. */
  archived: z.boolean(),
  token: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ViewerPrior = z.infer<typeof ViewerPriorSchema>;

export const RecordConditionSchema = z.object({
  modality: z.array(z.object({ key: z.string(), value: z.string() })),
  hospital: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RecordCondition = z.infer<typeof RecordConditionSchema>;
