import type { RequestSearch, RequestSearchResult } from '@rangsi/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** One run of the request search; runAt makes Search and auto refresh ask the server again with unchanged fields. */
export interface RequestSearchRun {
  search: RequestSearch;
  runAt: number;
}

export const requestKeys = {
  all: ['requests'] as const,
  search: (run: RequestSearchRun) => ['requests', 'search', run] as const,
  detail: (id: string) => ['requests', 'detail', id] as const,
  condition: ['requests', 'condition'] as const,
};

/** POST api/request/search (spec §7). */
export function searchRequests(run: RequestSearchRun, signal?: AbortSignal): Promise<RequestSearchResult> {
  return apiRequest<RequestSearchResult>('/api/request/search', { method: 'POST', body: run.search, signal });
}

export function useSearchRequests(run: RequestSearchRun) {
  return useQuery(
    queryOptions({
      queryKey: requestKeys.search(run),
      queryFn: ({ signal }) => searchRequests(run, signal),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
  );
}
