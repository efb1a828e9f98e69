import type { RecordCondition } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/uidata/recordCondition — modalities (key: value) and hospitals for the search panel (spec §7). */
export const recordConditionQueryOptions = queryOptions({
  queryKey: ['uidata', 'recordCondition'],
  queryFn: ({ signal }) => apiRequest<RecordCondition>('/api/uidata/recordCondition', { signal }),
  staleTime: 30 * 60_000,
});

export function useRecordCondition() {
  return useQuery(recordConditionQueryOptions);
}
