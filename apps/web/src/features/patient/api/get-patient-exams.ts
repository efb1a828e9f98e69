import type { PatientExamHistoryRow } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { patientKeys } from './get-patient';

/** GET /api/patient/{id}/exam (spec §7): the patient's requests with their exams. */
export function getPatientExams(patientId: string, signal?: AbortSignal): Promise<PatientExamHistoryRow[]> {
  return apiRequest<PatientExamHistoryRow[]>(`/api/patient/${encodeURIComponent(patientId)}/exam`, { signal });
}

export function usePatientExams(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: patientKeys.exams(patientId),
    queryFn: ({ signal }) => getPatientExams(patientId, signal),
    enabled,
  });
}
