import { EXAM_STATUSES, type ExamStatus } from '@rangsi/domain';

/** Exam statuses in workflow order, as the reports' columns show them. */
export const STATUS_COLUMNS: readonly ExamStatus[] = EXAM_STATUSES;

/** Thai names of the exam statuses (the English one is the column's second line). */
export const STATUS_TH: Record<ExamStatus, string> = {
  Scheduled: 'นัดหมาย',
  Arrived: 'รับภาพแล้ว',
  Assigned: 'มอบหมายแล้ว',
  Accepted: 'กำลังอ่าน',
  Completed: 'อ่านผลเสร็จ',
  Rejected: 'ปฏิเสธ',
};

export function isExamStatus(s: string): s is ExamStatus {
  return (EXAM_STATUSES as readonly string[]).includes(s);
}

/** A person's name from its parts, skipping the empty ones. */
export function personName(...parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
}
