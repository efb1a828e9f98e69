import type { ReportExam } from '@rangsi/contract';

/** Spec §4 Acceptance: a Doctor who is the reviewer of an Assigned exam confirms before the report opens. */
export function needsAcceptance(exam: Pick<ReportExam, 'status' | 'reviewerId'>, me: { roleName: string; userId: string }): boolean {
  return me.roleName === 'Doctor' && exam.status === 'Assigned' && exam.reviewerId === me.userId;
}
