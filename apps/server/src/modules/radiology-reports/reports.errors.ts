import type { ReportAccessReason } from '@rangsi/domain';
import { defineErrors } from '../../http/domain-error';

/** The radiology report's refusals, each with its kind once (the error handler maps kinds to statuses). */
export const reportError = defineErrors({
  REPORT_EXAM_NOT_FOUND: 'not-found',
  REPORT_NAME_NOT_FOUND: 'not-found',
  FINISHED_REPORT_NOT_FOUND: 'not-found',
  REPORT_WAITING_FOR_AUDIT: 'forbidden',
  REPORT_FORBIDDEN: 'forbidden',
  REPORT_READ_ONLY_ROLE: 'forbidden',
  REPORT_NOT_REVIEWER: 'forbidden',
  REPORT_READ_ONLY: 'forbidden',
  // The user may write once the exam moves on: accepted, or back in a state a report is written in.
  REPORT_NOT_ACCEPTED: 'conflict',
  REPORT_WRONG_STATE: 'conflict',
  FINISHED_REPORT_IMMUTABLE: 'conflict',
  REPORT_VERSION_TAKEN: 'conflict',
  REPORT_VERSION_INVALID: 'conflict',
  REPORT_DRAFT_CONFLICT: 'conflict',
  REPORT_KIND_NOT_ALLOWED: 'conflict',
  IMPRESSION_REQUIRED: 'invalid',
  ADDENDUM_REQUIRED: 'invalid',
});

export const unknownReportName = () => reportError('REPORT_NAME_NOT_FOUND');
export const finishedReportNotFound = () => reportError('FINISHED_REPORT_NOT_FOUND');
export const reportWaitingForAudit = () => reportError('REPORT_WAITING_FOR_AUDIT');
export const noReportPermission = () => reportError('REPORT_FORBIDDEN');

/** Why the user may read but not write. */
export const cannotWrite = (reason: ReportAccessReason | undefined) => {
  switch (reason) {
    case 'readOnlyRole':
      return reportError('REPORT_READ_ONLY_ROLE');
    case 'notAccepted':
      return reportError('REPORT_NOT_ACCEPTED');
    case 'notReviewer':
      return reportError('REPORT_NOT_REVIEWER');
    case 'wrongState':
      return reportError('REPORT_WRONG_STATE');
    default:
      return reportError('REPORT_READ_ONLY');
  }
};

/** A finished version is never edited (issue 8): corrections are addenda, which make a new version. */
export const finishedIsImmutable = () => reportError('FINISHED_REPORT_IMMUTABLE');

/** Someone (or a second click) finished a version first. */
export const versionTaken = (latest: number) => {
  const data = { latestVersionNo: latest };
  return latest > 0
    ? reportError('REPORT_VERSION_TAKEN', { latest }, { data })
    : reportError('REPORT_VERSION_INVALID', { data });
};

export const draftConflict = (current: unknown) => reportError('REPORT_DRAFT_CONFLICT', { data: current });

export const kindNotAllowed = () => reportError('REPORT_KIND_NOT_ALLOWED');
