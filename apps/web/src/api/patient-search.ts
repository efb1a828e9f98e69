import type { PatientSearch, PatientSearchRow } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** One run of the patient search: the condition of spec §3 and when it was asked (Search again asks again). */
export interface PatientSearchRun {
  search: PatientSearch;
  runAt: number;
}

export const patientSearchKeys = {
  all: ['patients', 'search'] as const,
  run: (run: PatientSearchRun) => [...patientSearchKeys.all, run] as const,
};

/** POST /api/patient/search {name, phoneNumber, nationalNumber, hn} (spec §7); at most 100 rows. */
export function searchPatients(search: PatientSearch, signal?: AbortSignal): Promise<PatientSearchRow[]> {
  return apiRequest<PatientSearchRow[]>('/api/patient/search', { method: 'POST', body: search, signal });
}

export function searchPatientsQueryOptions(run: PatientSearchRun | null) {
  return queryOptions({
    queryKey: run ? patientSearchKeys.run(run) : [...patientSearchKeys.all, 'none'],
    queryFn: ({ signal }) => searchPatients(run!.search, signal),
    enabled: run !== null,
    staleTime: 60_000,
  });
}

export function useSearchPatients(run: PatientSearchRun | null) {
  return useQuery(searchPatientsQueryOptions(run));
}
