/** Worklist status of an exam. The spec shows Assigned, Completed and Rejected; the rest follow the reading workflow. */
export const EXAM_STATUSES = [
  /** Ordered, waiting for the patient (what the Modality Worklist offers). */
  'Scheduled',
  /** Images received, not yet assigned to a reader. */
  'Arrived',
  /** Assigned to a reviewer who has not yet accepted. */
  'Assigned',
  /** The reviewer accepted and is reading. */
  'Accepted',
  'Completed',
  /** The reviewer declined the case; it goes back for reassignment. */
  'Rejected',
] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

/** dicomAuditStatus and reportAuditStatus values ('' = not under audit). */
export const AUDIT_STATUSES = ['', 'WaitingForAudit', 'Approved', 'Rejected'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export const ZIP_STATUSES = ['Archive', 'Uploaded', 'Error'] as const;
export type ZipStatus = (typeof ZIP_STATUSES)[number];

/** Status bit flags of exams in request and history rows (spec §3). */
export const ExamStatusFlag = { Document: 1, Image: 4, Assigned: 8, Report: 16 } as const;

/** Combines an exam's facts into the spec's bit flags. */
export function examStatusFlags(e: {
  hasDocument: boolean;
  hasImage: boolean;
  isAssigned: boolean;
  hasReport: boolean;
}): number {
  return (
    (e.hasDocument ? ExamStatusFlag.Document : 0) |
    (e.hasImage ? ExamStatusFlag.Image : 0) |
    (e.isAssigned ? ExamStatusFlag.Assigned : 0) |
    (e.hasReport ? ExamStatusFlag.Report : 0)
  );
}
