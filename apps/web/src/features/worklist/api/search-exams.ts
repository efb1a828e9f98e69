import type { ExamSearch, ExamSearchResult } from '@rangsi/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** One run of the worklist search: the payload of spec §3, the page, a Doctor's client tab, and when it was asked. */
export interface WorklistSearchRun {
  search: Omit<ExamSearch, 'page' | 'clientId'>;
  page: number;
  clientId?: number;
  /**
   * When this search was run. Part of the key, so Search, a page change and auto refresh always ask the server
   * again, even with unchanged fields; the auto-refresh countdown restarts from it (spec §4).
   */
  runAt: number;
}

/** How often a page showing images on their way asks again. */
export const ARRIVING_POLL_MS = 4_000;

export const examSearchKeys = {
  all: ['exams', 'search'] as const,
  run: (run: WorklistSearchRun) => [...examSearchKeys.all, run] as const,
};

/** POST /api/exam/search?page=n (spec §7). */
export function searchExams(run: WorklistSearchRun, signal?: AbortSignal): Promise<ExamSearchResult> {
  const body: ExamSearch = { ...run.search, ...(run.clientId !== undefined ? { clientId: run.clientId } : {}) };
  return apiRequest<ExamSearchResult>(`/api/exam/search?page=${run.page}`, { method: 'POST', body, signal });
}

export function searchExamsQueryOptions(run: WorklistSearchRun) {
  return queryOptions({
    queryKey: examSearchKeys.run(run),
    queryFn: ({ signal }) => searchExams(run, signal),
    // The rows stay on screen while the next search runs: a worklist that blanks every 5 minutes is unusable.
    placeholderData: keepPreviousData,
    // A run is a moment's answer; fresher data comes from the next run, not from refetching this one.
    staleTime: Infinity,
    gcTime: 60_000,
    // Rows whose images are on their way (the demo's, right after a first start) are asked again until they are in.
    refetchInterval: (query) => (query.state.data?.rows.some((r) => r.imagesArriving) ? ARRIVING_POLL_MS : false),
  });
}

export function useSearchExams(run: WorklistSearchRun) {
  return useQuery(searchExamsQueryOptions(run));
}
