import type { DoctorOption } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/uidata/branch/{branchId}/dutyDoctor — today's doctor on duty, or null (spec §7). */
export function dutyDoctorQueryOptions(branchId: number) {
  return queryOptions({
    queryKey: ['uidata', 'dutyDoctor', branchId],
    queryFn: ({ signal }) => apiRequest<DoctorOption | null>(`/api/uidata/branch/${branchId}/dutyDoctor`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useDutyDoctor(branchId: number) {
  return useQuery(dutyDoctorQueryOptions(branchId));
}
