/** Spec §5 Report access: whether a Doctor may open an exam's report. Other roles follow EXAM_REPORT alone. */
export function canDoctorOpenReport(e: {
  reportCount: number;
  reportAuditStatus: string;
  isReviewer: boolean;
  canApproveOrEdit: boolean;
}): boolean {
  return (
    e.reportCount === 0 ||
    e.reportAuditStatus === '' ||
    e.reportAuditStatus === 'Approved' ||
    e.isReviewer ||
    e.canApproveOrEdit
  );
}
