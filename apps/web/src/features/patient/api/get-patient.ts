import type { Patient } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

export const patientKeys = {
  all: ['patients'] as const,
  one: (patientId: string) => ['patients', 'one', patientId] as const,
  exams: (patientId: string) => ['patients', 'one', patientId, 'exams'] as const,
};

/** GET /api/patient/{id} (spec §7). */
export function getPatient(patientId: string, signal?: AbortSignal): Promise<Patient> {
  return apiRequest<Patient>(`/api/patient/${encodeURIComponent(patientId)}`, { signal });
}

export function patientQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: patientKeys.one(patientId),
    queryFn: ({ signal }) => getPatient(patientId, signal),
    // The form edits a copy; a refetch while typing must not pull the rug.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function usePatient(patientId: string | null) {
  return useQuery({ ...patientQueryOptions(patientId ?? ''), enabled: patientId !== null });
}
