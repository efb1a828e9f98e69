import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** Spec §3 Exam update information. */
export interface ExamUpdateInformationAnswer {
  examId?: string;
  firstName: string;
  middleName: string | null;
  lastName: string | null;
  prefixName: string | null;
  suffixName: string | null;
  /** yyyy-MM-dd */
  birthDate: string | null;
}

/** GET /api/exam/{examId}/getUpdateInformation (spec §7). */
export function getUpdateInformationQueryOptions(examId: string) {
  return queryOptions({
    queryKey: ['exams', examId, 'updateInformation'],
    queryFn: ({ signal }) =>
      apiRequest<ExamUpdateInformationAnswer>(`/api/exam/${encodeURIComponent(examId)}/getUpdateInformation`, {
        signal,
      }),
    // The dialog edits what is stored now, not what was stored when it was last opened.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useUpdateInformation(examId: string) {
  return useQuery(getUpdateInformationQueryOptions(examId));
}
