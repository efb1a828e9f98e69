import type { Patient } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/patient/{id}: the patient header of a new request. */
export function usePatientSummary(id: string | undefined) {
  return useQuery({
    queryKey: ['requests', 'patient', id],
    queryFn: ({ signal }) => apiRequest<Patient>(`/api/patient/${id}`, { signal }),
    enabled: Boolean(id),
  });
}
