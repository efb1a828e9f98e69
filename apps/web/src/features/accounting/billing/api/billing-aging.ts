import type { BillingAging } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/aging?hospitalId= (issue 24 item 9d): the hospital's unpaid requests by age. */
export function useBillingAging(hospitalId: number | null) {
  return useQuery({
    queryKey: billingKeys.aging(hospitalId ?? 0),
    queryFn: ({ signal }) => apiRequest<BillingAging>(`/api/billing/aging?hospitalId=${hospitalId}`, { signal }),
    enabled: hospitalId !== null,
  });
}
