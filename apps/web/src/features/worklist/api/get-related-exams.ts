import type { Exam } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/exam/{id}/relate — the patient's other exams, for the History dialog (spec §7). */
export function relatedExamsQueryOptions(examId: string) {
  return queryOptions({
    queryKey: ['exams', examId, 'relate'],
    queryFn: ({ signal }) => apiRequest<Exam[]>(`/api/exam/${encodeURIComponent(examId)}/relate`, { signal }),
  });
}

export function useRelatedExams(examId: string) {
  return useQuery(relatedExamsQueryOptions(examId));
}
