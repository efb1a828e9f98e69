import type { BillingCondition, IdName } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/uidata/billingCondition (spec §7): the hospitals and the default date range (decision acc02). */
export function useBillingCondition() {
  return useQuery({
    queryKey: billingKeys.condition,
    queryFn: ({ signal }) => apiRequest<BillingCondition>('/api/uidata/billingCondition', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/billing/hospital/{hospitalId}/privileges: the privileges of the chosen hospital (decision acc01). */
export function useHospitalPrivileges(hospitalId: number | null) {
  return useQuery({
    queryKey: billingKeys.privileges(hospitalId ?? 0),
    queryFn: ({ signal }) => apiRequest<IdName[]>(`/api/billing/hospital/${hospitalId}/privileges`, { signal }),
    enabled: hospitalId !== null,
    staleTime: 5 * 60_000,
  });
}
