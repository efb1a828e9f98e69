import type { CreateApiCredentialInput, CreatedApiCredential } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { API_CREDENTIALS_KEY } from './list-api-credentials';

/** POST /api/admin/api-credentials: the answer holds the secret, which cannot be asked for again. */
export function useCreateApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows the refusal itself, under the field it concerns.
    meta: { errorAlert: false },
    mutationFn: (input: CreateApiCredentialInput) =>
      apiRequest<CreatedApiCredential>('/api/admin/api-credentials', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_CREDENTIALS_KEY }),
  });
}
