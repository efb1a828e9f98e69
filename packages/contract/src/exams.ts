import { z } from 'zod';
import { AUDIT_STATUSES, EXAM_STATUSES, REPORT_URGENCIES, ZIP_STATUSES } from '@rangsi/domain';

const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected yyyy-MM-dd');
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
  version: z.number().int(),
});
export type Exam = z.infer<typeof ExamSchema>;

export const ExamSearchResultSchema = z.object({
  rows: z.array(ExamSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Doctor client tabs: open records per client, most first. */
  clients: z.array(z.object({ clientId: z.number().int(), clientName: z.string(), openCount: z.number().int() })).optional(),
});
export type ExamSearchResult = z.infer<typeof ExamSearchResultSchema>;
