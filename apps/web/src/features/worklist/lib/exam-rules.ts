import type { Exam } from '@rangsi/contract';
import { canDoctorOpenReport } from '@rangsi/domain';
import { HIDE_ASSIGN_FLAGS_BRANCH_ID } from './constants';
import type { WorklistCapabilities } from './worklist-capabilities';

type Row = Pick<
  Exam,
  | 'status'
  | 'reviewerId'
  | 'reportCount'
  | 'reportAuditStatus'
  | 'dicomAuditStatus'
  | 'accessionNumber'
  | 'hasImage'
  | 'zipStatus'
>;

/** Spec §4: a doctor may reject a case assigned to them that is not finished. */
export function canRejectCase(exam: Row, can: WorklistCapabilities): boolean {
  return can.isDoctor && exam.reviewerId === can.userId && (exam.status === 'Assigned' || exam.status === 'Accepted');
}

/** Spec §5 Report access for Doctors (domain rule); other roles follow EXAM_REPORT alone. */
export function canOpenReport(exam: Row, can: WorklistCapabilities): boolean {
  if (!can.report) return false;
  if (!can.isDoctor) return true;
  return canDoctorOpenReport({
    reportCount: exam.reportCount,
    reportAuditStatus: exam.reportAuditStatus,
    isReviewer: exam.reviewerId === can.userId,
    canApproveOrEdit: can.approveReport || can.editReport,
  });
}

export function canAuditDicom(exam: Row, can: WorklistCapabilities): boolean {
  return can.approveDicom && exam.dicomAuditStatus === 'WaitingForAudit';
}

export function canAuditReport(exam: Row, can: WorklistCapabilities): boolean {
  return can.approveReport && exam.reportAuditStatus === 'WaitingForAudit';
}

export function canDeleteExam(exam: Row, can: WorklistCapabilities): boolean {
  return can.deleteExam && !exam.accessionNumber;
}

/** A finished exam cannot be reassigned (the server refuses it too). */
export function canAssign(exam: Row, can: WorklistCapabilities): boolean {
  return can.assign && exam.status !== 'Completed';
}

/**
 * Spec §2 CD folder and RadiAnt downloads: the image right, on an exam with images that are not in the cold archive
 * (the export refuses archived images: the Unzip action brings them back first; decision WS11).
 */
export function canDownloadImages(exam: Row, can: WorklistCapabilities): boolean {
  return can.images && exam.hasImage && !isArchived(exam);
}

/** Spec §4 Zip: archived images are unzipped on demand before viewing. */
export function isArchived(exam: Pick<Exam, 'zipStatus'>): boolean {
  return exam.zipStatus === 'Archive';
}

/**
 * Spec §5: the specific/on-duty/chain boxes are hidden for one branch's users. The user's branch id is not in
 * /api/me, so the exam's branch stands in: branch-scoped users only ever assign their own branch's exams.
 */
export function shouldHideAssignFlags(
  examBranchId: number,
  hiddenBranchId: number | null = HIDE_ASSIGN_FLAGS_BRANCH_ID,
): boolean {
  return hiddenBranchId !== null && examBranchId === hiddenBranchId;
}
