import type { PatientSearchRow } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';

/** POST /api/patient/search: by HN when the term has a digit (a Patient ID), else by name; at most 100 rows. */
export function findPatients(term: string, signal?: AbortSignal): Promise<PatientSearchRow[]> {
  const text = term.trim();
  return apiRequest<PatientSearchRow[]>('/api/patient/search', {
    method: 'POST',
    body: /\d/.test(text) ? { hn: text } : { name: text },
    signal,
  });
}
