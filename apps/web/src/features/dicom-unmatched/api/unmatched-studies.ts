import type { Exam, ExamSearchResult, UnmatchedStudies } from '@rangsi/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

export interface UnmatchedQuery {
  q: string;
  page: number;
}

export const unmatchedKeys = {
  all: ['dicom', 'unmatched'] as const,
  page: (q: UnmatchedQuery) => [...unmatchedKeys.all, q] as const,
};

/** GET /api/dicom/unmatched: studies received for no exam, newest first, 50 per page. */
export function unmatchedQueryOptions(q: UnmatchedQuery) {
  const params = new URLSearchParams({ page: String(q.page) });
  if (q.q.trim()) params.set('q', q.q.trim());
  return queryOptions({
    queryKey: unmatchedKeys.page(q),
    queryFn: ({ signal }) => apiRequest<UnmatchedStudies>(`/api/dicom/unmatched?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useUnmatchedStudies(q: UnmatchedQuery) {
  return useQuery(unmatchedQueryOptions(q));
}

/**
 * Exams a study may belong to, any date (images come late or early): an accession number or HN (both exact), or a
 * part of the patient's name.
 */
export async function findCandidateExams(term: string, signal?: AbortSignal): Promise<Exam[]> {
  const t = term.trim();
  const wide = { examFromDate: '2000-01-01', examToDate: '2100-12-31' };
  const search = (body: object) =>
    apiRequest<ExamSearchResult>('/api/exam/search', { method: 'POST', body: { ...wide, ...body }, signal });
  const results = /\d/.test(t)
    ? await Promise.all([search({ accessionNumber: t }), search({ hospitalNumber: t })])
    : [await search({ patientName: t })];
  const seen = new Set<string>();
  return results.flatMap((r) => r.rows).filter((e) => !seen.has(e.examId) && seen.add(e.examId));
}

/** POST /api/dicom/unmatched/{studyId}/match: the matched exam's fresh row. */
export function useMatchStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studyId, examId }: { studyId: string; examId: string }) =>
      apiRequest<Exam>(`/api/dicom/unmatched/${studyId}/match`, { method: 'POST', body: { examId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unmatchedKeys.all }),
  });
}
