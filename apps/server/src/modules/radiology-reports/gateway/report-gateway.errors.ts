import { DomainError } from '../../../http/domain-error';

/** No finished report with this id on this exam (or the exam is out of the user's scope). */
export const finishedReportNotFound = () => new DomainError(404, 'ไม่พบรายงานที่เสร็จแล้ว', 'FINISHED_REPORT_NOT_FOUND');

/** The report cannot become an ORU^R01 the hospital can file (no accession number, no report text). */
export const reportNotSendable = (message: string) => new DomainError(422, message, 'REPORT_NOT_SENDABLE');

/** The version waits for an approver or was rejected: the branch releases reports only once approved. */
export const reportNotReleased = (message: string) => new DomainError(409, message, 'REPORT_NOT_RELEASED');
