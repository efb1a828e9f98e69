import type { ApiCredential } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { API_CREDENTIALS_KEY } from './list-api-credentials';

/** POST /api/admin/api-credentials/{id}/revoke. */
export function useRevokeApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    // The revoke question shows the refusal itself.
    meta: { errorAlert: false },
    mutationFn: (id: string) =>
      apiRequest<ApiCredential>(`/api/admin/api-credentials/${encodeURIComponent(id)}/revoke`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_CREDENTIALS_KEY }),
  });
}
