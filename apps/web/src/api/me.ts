import type { Me } from '@rangsi/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => apiRequest<Me>('/api/me', { signal }),
  staleTime: 5 * 60_000,
  // The auth guard shows its own screen for a failed /api/me, and a 401 leaves for the logon page.
  meta: { errorAlert: false },
});

/** The signed-in user. Only for components under the auth guard, which has already loaded it. */
export function useCurrentUser(): Me {
  return useSuspenseQuery(meQueryOptions).data;
}
