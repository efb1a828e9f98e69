import type { PatientSave } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { patientKeys } from './get-patient';
import { patientSearchKeys } from '@/api/patient-search';

/** POST /api/patient/ (spec §7): creates (patientId new) or saves; answers data.patientId. */
export function savePatient(body: PatientSave): Promise<{ patientId: string }> {
  return apiRequest<{ patientId: string }>('/api/patient', { method: 'POST', body });
}

export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatient,
    // The form puts field errors under their fields and raises the alert itself for the rest.
    meta: { errorAlert: false },
    onSuccess: async ({ patientId }) => {
      queryClient.removeQueries({ queryKey: patientKeys.one(patientId) });
      await queryClient.invalidateQueries({ queryKey: patientSearchKeys.all });
    },
  });
}
