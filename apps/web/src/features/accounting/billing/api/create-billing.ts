import type { BillingCreate, BillingCreated } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { billingKeys } from './billing-keys';

/** POST /api/billing/create (spec §7): a batch of the chosen unpaid requests; the history and the results refresh. */
export function useCreateBilling() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingCreate) => apiRequest<BillingCreated>('/api/billing/create', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
