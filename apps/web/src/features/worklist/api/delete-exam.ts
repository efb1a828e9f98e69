import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { removeExamRow } from './exam-rows-cache';
import { examPath, isStaleRowError, type ExamTarget } from './exam-mutation';
import { refreshExamRow } from './get-exam';

/** POST /api/exam/{id}/delete — only an exam without an accession number (spec §6 EXAM_DELETE); the row is removed. */
export function deleteExam({ exam }: { exam: ExamTarget }): Promise<{ examId: string }> {
  return apiRequest<{ examId: string }>(examPath(exam, 'delete'), { method: 'POST', body: { version: exam.version } });
}

export function useDeleteExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExam,
    onSuccess: ({ examId }) => removeExamRow(queryClient, examId),
    onError: (error, { exam }) => {
      if (isStaleRowError(error)) void refreshExamRow(queryClient, exam.examId);
    },
  });
}
