import type { RequestCondition } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { requestKeys } from './search-requests';

/** GET api/uidata/requestCondition: the form's lists (spec §3 Condition UI data). */
export function useRequestCondition() {
  return useQuery({
    queryKey: requestKeys.condition,
    queryFn: ({ signal }) => apiRequest<RequestCondition>('/api/uidata/requestCondition', { signal }),
    staleTime: 5 * 60_000,
  });
}
