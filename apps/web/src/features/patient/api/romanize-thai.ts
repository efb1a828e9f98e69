import { apiRequest } from '@/api/api-client';

/** GET /api/patient/romanization?thaiText= (spec §7): the RTGS romanization of a Thai name, e.g. สมชาย → Somchai. */
export function romanizeThai(thaiText: string, signal?: AbortSignal): Promise<string> {
  return apiRequest<string>(`/api/patient/romanization?thaiText=${encodeURIComponent(thaiText)}`, { signal });
}
