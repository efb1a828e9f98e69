import type { BillingDetail } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/{id}/detail (spec §7). Refetched on coming back from the statement window (it records the print). */
export function useBillingDetail(billingId: string | null) {
  return useQuery({
    queryKey: billingKeys.detail(billingId ?? ''),
    queryFn: ({ signal }) => apiRequest<BillingDetail>(`/api/billing/${billingId}/detail`, { signal }),
    enabled: billingId !== null,
    refetchOnWindowFocus: true,
    meta: { errorAlert: false },
  });
}
