import type { Exam } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';

/** POST /api/exam/{id}/accept (spec §4 Acceptance): the reviewer takes the case before writing its report. */
export function acceptReportExam(exam: { examId: string; version: number }): Promise<Exam> {
  return apiRequest<Exam>(`/api/exam/${encodeURIComponent(exam.examId)}/accept`, {
    method: 'POST',
    body: { version: exam.version },
  });
}
