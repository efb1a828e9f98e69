import type { Exam } from '@rangsi/contract';

/** Spec §4 Acceptance: a Doctor who is the reviewer of an Assigned exam confirms before viewing. */
export function needsAcceptance(exam: Pick<Exam, 'status' | 'reviewerId'>, me: { roleName: string; userId: string }): boolean {
  return me.roleName === 'Doctor' && exam.status === 'Assigned' && exam.reviewerId === me.userId;
}
