import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** Spec §3 Patient UI configuration: where the hospital gateway and the ID-card reader helper are (null: not used). */
export interface PatientUiConfig {
  gatewayUrl: string | null;
  idCardReaderUrl: string | null;
}

/** The helpers' paths are relative to their address (spec §7), so it always ends with a slash. */
function withSlash(url: string | null): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  return trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** GET /api/uidata/patient (spec §7). */
export const patientUiConfigQueryOptions = queryOptions({
  queryKey: ['uidata', 'patient'],
  queryFn: async ({ signal }) => {
    const config = await apiRequest<PatientUiConfig>('/api/uidata/patient', { signal });
    return { gatewayUrl: withSlash(config.gatewayUrl), idCardReaderUrl: withSlash(config.idCardReaderUrl) };
  },
  staleTime: 60 * 60_000,
});

export function usePatientUiConfig() {
  return useQuery(patientUiConfigQueryOptions);
}
