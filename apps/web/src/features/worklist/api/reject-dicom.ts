import type { Exam } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

/** POST /api/exam/{id}/dicom/reject {message} — only while the dicom audit status is WaitingForAudit (spec §4 Audit). */
export function rejectDicom({ exam, message }: { exam: ExamTarget; message?: string }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'dicom/reject'), {
    method: 'POST',
    body: { message: message || undefined, version: exam.version },
  });
}

export function useRejectDicom() {
  return useExamMutation(rejectDicom);
}
