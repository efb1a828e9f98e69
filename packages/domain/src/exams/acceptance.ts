/**
 * Spec §4 Acceptance: a Doctor who is the reviewer of an Assigned exam confirms (No / Yes) before the report, the
 * viewer or a download opens — from the worklist, or from a link straight into the report or viewer window.
 */
export function needsAcceptance(
  exam: { status: string; reviewerId: string | null },
  user: { isDoctor: boolean; userId: string },
): boolean {
  return user.isDoctor && exam.status === 'Assigned' && exam.reviewerId === user.userId;
}
