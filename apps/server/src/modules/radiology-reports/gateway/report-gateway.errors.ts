import { defineErrors } from '../../../http/domain-error';

/**
 * Why a finished report is not sent to the hospital: no such report (or the exam is out of the user's scope), one the
 * hospital could not file as an ORU^R01 (unprocessable), or one not released yet (its approval decides).
 */
export const gatewayError = defineErrors({
  GATEWAY_REPORT_NOT_FOUND: 'not-found',
  REPORT_NO_EXAM: 'unprocessable',
  REPORT_NO_ACCESSION: 'unprocessable',
  REPORT_NO_TEXT: 'unprocessable',
  REPORT_AWAITS_AUDIT: 'conflict',
  REPORT_AUDIT_REJECTED: 'conflict',
});
