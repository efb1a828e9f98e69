import type { DoctorOption } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/uidata/assignabledoctor/{examId} — the doctors who read for the exam's client (spec §7). */
export function assignableDoctorsQueryOptions(examId: string) {
  return queryOptions({
    queryKey: ['uidata', 'assignabledoctor', examId],
    queryFn: ({ signal }) =>
      apiRequest<DoctorOption[]>(`/api/uidata/assignabledoctor/${encodeURIComponent(examId)}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAssignableDoctors(examId: string) {
  return useQuery(assignableDoctorsQueryOptions(examId));
}
