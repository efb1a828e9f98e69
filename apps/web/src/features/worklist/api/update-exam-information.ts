import type { Exam, ExamUpdateInformation } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

export type UpdateExamInformationInput = Omit<ExamUpdateInformation, 'examId' | 'version'>;

/** POST /api/exam/{id}/update {firstName, …, birthDate} (spec §7). */
export function updateExamInformation({
  exam,
  information,
}: {
  exam: ExamTarget;
  information: UpdateExamInformationInput;
}): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'update'), {
    method: 'POST',
    body: { ...information, version: exam.version },
  });
}

export function useUpdateExamInformation() {
  return useExamMutation(updateExamInformation);
}
