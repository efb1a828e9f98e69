import type { Exam } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

/** POST /api/exam/{id}/accept — the reviewer accepts an Assigned exam (spec §4 Acceptance). */
export function acceptExam({ exam }: { exam: ExamTarget }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'accept'), { method: 'POST', body: { version: exam.version } });
}

export function useAcceptExam() {
  return useExamMutation(acceptExam);
}
