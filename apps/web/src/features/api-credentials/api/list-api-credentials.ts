import type { ApiCredentialList } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

export const API_CREDENTIALS_KEY = ['admin-api-credentials'] as const;

/** GET /api/admin/api-credentials: every credential, and the branches and hospitals the form offers. */
export function useApiCredentials() {
  return useQuery({
    // The page shows a failed load itself.
    meta: { errorAlert: false },
    queryKey: API_CREDENTIALS_KEY,
    queryFn: ({ signal }) => apiRequest<ApiCredentialList>('/api/admin/api-credentials', { signal }),
  });
}
