import type { SiteConfig } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const siteQueryOptions = queryOptions({
  queryKey: ['uidata', 'site'],
  queryFn: ({ signal }) => apiRequest<SiteConfig>('/api/uidata/site', { signal }),
  staleTime: 60 * 60_000,
});

export function useSiteConfig() {
  return useQuery(siteQueryOptions);
}
