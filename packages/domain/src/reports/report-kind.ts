/** Kinds of a finished report version: preliminary and final are first reads; corrections after a final are addenda. */
export const REPORT_KINDS = ['preliminary', 'final', 'addendum'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * What the next finished version of a report can be, from the kinds already finished (oldest first): before any
 * final, a preliminary or a final; once a final exists, only an addendum (a finished version is never edited).
 */
export function nextReportKinds(finished: readonly ReportKind[]): ReportKind[] {
  return finished.some((k) => k !== 'preliminary') ? ['addendum'] : ['final', 'preliminary'];
}

/**
 * The kind a Finish makes: `requested` when it is one of nextReportKinds, otherwise undefined (the caller refuses).
 * Without a request, the first of nextReportKinds (final, or addendum after a final).
 */
export function finishKind(
  finished: readonly ReportKind[],
  requested?: 'preliminary' | 'final',
): ReportKind | undefined {
  const allowed = nextReportKinds(finished);
  if (!requested) return allowed[0];
  if (allowed.includes(requested)) return requested;
  // After a final, asking for "final" again means a corrected final: an addendum.
  return allowed[0] === 'addendum' && requested === 'final' ? 'addendum' : undefined;
}
