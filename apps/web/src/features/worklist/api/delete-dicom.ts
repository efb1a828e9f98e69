import type { Exam } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

/** POST /api/exam/{id}/dicom/delete — takes the images off the exam (spec §6 EXAM_DICOM_DELETE). */
export function deleteDicom({ exam }: { exam: ExamTarget }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'dicom/delete'), { method: 'POST', body: { version: exam.version } });
}

export function useDeleteDicom() {
  return useExamMutation(deleteDicom);
}
