import type { Exam } from '@rangsi/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/**
 * POST /api/dicom/unmatched/{studyId}/match: the images a request was made from go to its new exam (the server checks
 * the DICOM right, the exam's scope and that the study is still unmatched).
 */
export function useLinkStudy() {
  return useMutation({
    mutationFn: ({ studyId, examId }: { studyId: string; examId: string }) =>
      apiRequest<Exam>(`/api/dicom/unmatched/${encodeURIComponent(studyId)}/match`, {
        method: 'POST',
        body: { examId },
      }),
    // The outcome shows in the saved message.
    meta: { errorAlert: false },
  });
}
