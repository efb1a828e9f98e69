import type { BillingHistoryPage } from '@rangsi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/history?hospitalId=&before= (spec §7): newest first, 50 a page, older pages by the cursor. */
export function useBillingHistory(hospitalId: number | null) {
  return useInfiniteQuery({
    queryKey: billingKeys.history(hospitalId ?? 0),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ hospitalId: String(hospitalId) });
      if (pageParam) params.set('before', pageParam);
      return apiRequest<BillingHistoryPage>(`/api/billing/history?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: hospitalId !== null,
  });
}
