import type { AccountingBranches } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET api/accounting/branches: every branch for an Administrator, the user's own otherwise (decision acc46). */
export function useAccountingBranches() {
  return useQuery({
    queryKey: ['accounting', 'branches'],
    queryFn: ({ signal }) => apiRequest<AccountingBranches>('/api/accounting/branches', { signal }),
    staleTime: 10 * 60_000,
    meta: { errorAlert: false },
  });
}
