import type { PatientFormData } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/uidata/patientForm (spec §7): name prefixes with their pairs, blood types, relationships, allergies. */
export const patientFormDataQueryOptions = queryOptions({
  queryKey: ['uidata', 'patientForm'],
  queryFn: ({ signal }) => apiRequest<PatientFormData>('/api/uidata/patientForm', { signal }),
  staleTime: 60 * 60_000,
});

export function usePatientFormData() {
  return useQuery(patientFormDataQueryOptions);
}
