import { z } from 'zod';

/** GET /api/dicom/unmatched: studies received that no exam claims yet, newest first. */
export const UnmatchedStudiesQuerySchema = z.strictObject({
  /** Part of the patient name, or the start of the patient ID or accession number. */
  q: z.string().trim().max(100, 'คำค้นยาวเกิน 100 ตัวอักษร').optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type UnmatchedStudiesQuery = z.infer<typeof UnmatchedStudiesQuerySchema>;

export const UnmatchedStudySchema = z.object({
  studyId: z.string(),
  studyInstanceUid: z.string(),
  patientId: z.string().nullable(),
  /** As in DICOM: components separated by ^, decoded per SpecificCharacterSet. */
  patientName: z.string().nullable(),
  patientBirthDate: z.string().nullable(),
  patientSex: z.string().nullable(),
  accessionNumber: z.string().nullable(),
  /** yyyyMMdd as in DICOM. */
  studyDate: z.string().nullable(),
  studyDescription: z.string().nullable(),
  modalities: z.string().nullable(),
  numberOfSeries: z.number().int(),
  numberOfInstances: z.number().int(),
  /** ISO date-time the first image arrived. */
  receivedAt: z.string(),
  /** Calling AE title, 'STOW' or 'WEB-IMPORT'. */
  source: z.string().nullable(),
  /**
   * Why a study that named an exam was held here instead of attached: 'patient-id-mismatch' (its PatientID is not
   * the exam's HN). Null when it named no exam.
   */
  unmatchedReason: z.enum(['patient-id-mismatch']).nullable(),
});
export type UnmatchedStudy = z.infer<typeof UnmatchedStudySchema>;

export const UnmatchedStudiesSchema = z.object({
  rows: z.array(UnmatchedStudySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UnmatchedStudies = z.infer<typeof UnmatchedStudiesSchema>;

export const StudyIdParamsSchema = z.object({ studyId: z.string().uuid('ไม่พบชุดภาพ') });

/** POST /api/dicom/unmatched/{studyId}/match: the exam the images belong to. */
export const MatchStudyBodySchema = z.strictObject({ examId: z.string().uuid('กรุณาเลือกรายการตรวจ') });
