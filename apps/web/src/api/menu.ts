import type { MenuItem } from '@rangsi/contract';
import { visibleMenuItems } from '@rangsi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const menuQueryOptions = queryOptions({
  queryKey: ['uidata', 'menu'],
  queryFn: ({ signal }) => apiRequest<MenuItem[]>('/api/uidata/menu', { signal }),
  staleTime: 10 * 60_000,
});

/** The menu as the user may see it: accounting_* items exist for report routes only (spec §1). */
export function useVisibleMenu() {
  return useQuery({ ...menuQueryOptions, select: selectVisible });
}

function selectVisible(items: MenuItem[]): MenuItem[] {
  return visibleMenuItems(items);
}
