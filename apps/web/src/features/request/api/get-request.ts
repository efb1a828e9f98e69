import type { RequestDetail } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { requestKeys } from './search-requests';

/** GET /api/request/{id}. */
export function useRequestDetail(id: string | undefined) {
  return useQuery({
    queryKey: requestKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<RequestDetail>(`/api/request/${id}`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
