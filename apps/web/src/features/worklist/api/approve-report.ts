import type { Exam } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

/** POST /api/exam/{id}/report/approve {message} — only while the report audit status is WaitingForAudit (spec §4 Audit). */
export function approveReport({ exam, message }: { exam: ExamTarget; message?: string }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'report/approve'), {
    method: 'POST',
    body: { message: message || undefined, version: exam.version },
  });
}

export function useApproveReport() {
  return useExamMutation(approveReport);
}
