import type { FinishReport, FinishReportResult } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { examReportKey } from './get-exam-report';

/** POST /api/exam/{examId}/report/{name}/finish: a new immutable version and its PDF. */
export function finishReport(examId: string, name: string, body: FinishReport): Promise<FinishReportResult> {
  return apiRequest<FinishReportResult>(
    `/api/exam/${encodeURIComponent(examId)}/report/${encodeURIComponent(name)}/finish`,
    { method: 'POST', body },
  );
}

/**
 * Finish; on success the report is read again (the version list, the exam's state, the next version number) before
 * the caller moves on. A refusal leaves everything as it is, the reader's text on screen included.
 */
export function useFinishReport(examId: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinishReport) => finishReport(examId, name, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examReportKey(examId, name) }),
  });
}
