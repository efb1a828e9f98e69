import type { Exam } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

/** POST /api/exam/{id}/reject {message?} — the reviewer declines the case (spec §4). */
export function rejectExam({ exam, message }: { exam: ExamTarget; message?: string }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'reject'), {
    method: 'POST',
    body: { message: message || undefined, version: exam.version },
  });
}

export function useRejectExam() {
  return useExamMutation(rejectExam);
}
