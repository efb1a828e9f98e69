import { defineErrors, DomainError } from '../../http/domain-error';
import type { Exam } from '@rangsi/contract';

/** Someone else changed the exam first: the caller gets the fresh row to show (the envelope's data). */
export class ExamConflictError extends DomainError {}

const examConflict = defineErrors({ EXAM_CONFLICT: 'conflict' }, ExamConflictError);

/** The refusals of the worklist's search and exam actions. */
export const examError = defineErrors({
  EXAM_NOT_FOUND: 'not-found',
  EXAM_NOT_REVIEWER: 'forbidden',
  EXAM_ACCEPT_STATE: 'conflict',
  EXAM_REJECT_STATE: 'conflict',
  EXAM_DELETE_STATE: 'conflict',
  EXAM_COMPLETED: 'conflict',
  EXAM_DICOM_AUDIT_STATE: 'conflict',
  EXAM_REPORT_AUDIT_STATE: 'conflict',
  EXAM_NO_IMAGES: 'conflict',
  EXAM_BAD_RANGE: 'invalid',
  EXAM_STUDY_DATE_RANGE: 'invalid',
  EXAM_BIRTH_DATE_IN_FUTURE: 'invalid',
  EXAM_DOCTOR_NOT_ASSIGNABLE: 'invalid',
  EXAM_REASON_REQUIRED: 'invalid',
  EXAM_IMPORT_NO_DICOM: 'invalid',
});

/** A lost race: 409 with the winner's row (or none when the exam is gone). */
export const examConflictWith = (fresh: Exam | undefined) => examConflict('EXAM_CONFLICT', { data: fresh });
export const examNotFound = () => examError('EXAM_NOT_FOUND');
export const notReviewer = () => examError('EXAM_NOT_REVIEWER');
