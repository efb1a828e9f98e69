import type { BillingSearch, BillingSearchResult } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { billingKeys } from './billing-keys';

/** One press of Search: the same fields searched again are a new run. */
export interface BillingSearchRun {
  search: BillingSearch;
  runAt: number;
}

/** GET /api/billing/search (decision acc01): the hospital's requests in the range, with their totals and batches. */
export function useBillingSearch(run: BillingSearchRun | null) {
  return useQuery({
    queryKey: run ? billingKeys.search(run.search, run.runAt) : ['billing', 'search', 'none'],
    queryFn: ({ signal }) => {
      const { startDate, endDate, hospitalId, privilegeId } = run!.search;
      const params = new URLSearchParams({ startDate, endDate, hospitalId: String(hospitalId) });
      if (privilegeId !== undefined) params.set('privilegeId', String(privilegeId));
      return apiRequest<BillingSearchResult>(`/api/billing/search?${params.toString()}`, { signal });
    },
    enabled: run !== null,
    staleTime: Infinity,
    // The results panel shows a refused search (range too long) itself.
    meta: { errorAlert: false },
  });
}
