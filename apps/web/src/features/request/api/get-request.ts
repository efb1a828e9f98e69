import type { RequestDetail } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { requestKeys } from './search-requests';

/** GET /api/request/{id}; a failure is shown by the form, not the global alert. */
export function useRequestDetail(id: string | undefined) {
  return useQuery({
    queryKey: requestKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<RequestDetail>(`/api/request/${id}`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
    // The form shows the server's message in place (a deleted request says when, by whom and why).
    meta: { errorAlert: false },
  });
}
