import { DomainError } from '../../http/domain-error';
import type { Exam } from '@rangsi/contract';

/** Someone else changed the exam first: the caller gets the fresh row to show. */
export class ExamConflictError extends DomainError {
  constructor(fresh: Exam | undefined) {
    super(409, 'รายการนี้ถูกเปลี่ยนแปลงโดยผู้ใช้อื่นแล้ว ข้อมูลล่าสุดแสดงแทนแล้ว กรุณาตรวจสอบอีกครั้ง', 'EXAM_CONFLICT', fresh);
  }
}

/** The exam is in a state where this action does not apply. */
export const wrongState = (message: string) => new DomainError(409, message, 'EXAM_WRONG_STATE');
export const examNotFound = () => new DomainError(404, 'ไม่พบรายการตรวจ', 'EXAM_NOT_FOUND');
export const notReviewer = () => new DomainError(403, 'ทำรายการนี้ได้เฉพาะแพทย์ผู้ได้รับมอบหมาย', 'NOT_REVIEWER');
