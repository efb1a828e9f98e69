import { canDoctorOpenReport } from '../exams/can-open-report';

/** Roles that read reports of their hospital's exams and never write them (spec §1 Hospital, HospitalDoctor, Link). */
const READ_ONLY_ROLES: ReadonlySet<string> = new Set(['Hospital', 'HospitalDoctor', 'Link']);

/** Why a user may not open, or may only read, an exam's report. */
export type ReportAccessReason =
  /** No EXAM_REPORT flag. */
  | 'noPermission'
  /** Spec §5: a Doctor, not the reviewer, without approve/edit, and the report is under audit (not Approved). */
  | 'waitingForAudit'
  /** Hospital-side roles read reports; they never write them. */
  | 'readOnlyRole'
  /** The reviewer must accept the Assigned exam first (spec §4 Acceptance). */
  | 'notAccepted'
  /** A Doctor who is not the exam's reviewer and holds no EXAM_REPORT_EDIT. */
  | 'notReviewer'
  /** The reviewer declined the case (status Rejected) or the case is not theirs to write yet. */
  | 'wrongState';

export interface ReportAccessInput {
  user: { userId: string; roleName: string; permissions: ReadonlySet<string> };
  exam: { reviewerId: string | null; status: string; reportAuditStatus: string; reportCount: number };
}

export interface ReportAccess {
  /** May open the report screen: read the finished reports and their PDFs. */
  canOpen: boolean;
  /** May write: the draft, Finish, addenda. Implies canOpen. */
  canEdit: boolean;
  /** Set when canOpen or canEdit is false: the first rule that refused. */
  reason?: ReportAccessReason;
}

/**
 * Who may open and who may write an exam's report (spec §5, §6), for an exam already within the user's data scope:
 * - open: EXAM_REPORT; a Doctor only when the exam has no report yet, is free of audit, is Approved, when they are the
 *   reviewer, or when they hold EXAM_REPORT_APPROVE or EXAM_REPORT_EDIT;
 * - write: EXAM_REPORT_EDIT (report editors, branch staff), or the Doctor who is the reviewer once the case is accepted
 *   (Accepted, or Completed for an addendum). Hospital-side roles only read.
 */
export function reportAccess({ user, exam }: ReportAccessInput): ReportAccess {
  if (!user.permissions.has('EXAM_REPORT')) return { canOpen: false, canEdit: false, reason: 'noPermission' };
  const isDoctor = user.roleName === 'Doctor';
  const isReviewer = exam.reviewerId !== null && exam.reviewerId === user.userId;
  const mayEdit = user.permissions.has('EXAM_REPORT_EDIT');
  if (
    isDoctor &&
    !canDoctorOpenReport({
      reportCount: exam.reportCount,
      reportAuditStatus: exam.reportAuditStatus,
      isReviewer,
      canApproveOrEdit: mayEdit || user.permissions.has('EXAM_REPORT_APPROVE'),
    })
  ) {
    return { canOpen: false, canEdit: false, reason: 'waitingForAudit' };
  }
  if (READ_ONLY_ROLES.has(user.roleName)) return { canOpen: true, canEdit: false, reason: 'readOnlyRole' };
  if (mayEdit) return { canOpen: true, canEdit: true };
  if (!isDoctor || !isReviewer) return { canOpen: true, canEdit: false, reason: 'notReviewer' };
  if (exam.status === 'Assigned') return { canOpen: true, canEdit: false, reason: 'notAccepted' };
  if (exam.status === 'Accepted' || exam.status === 'Completed') return { canOpen: true, canEdit: true };
  return { canOpen: true, canEdit: false, reason: 'wrongState' };
}
