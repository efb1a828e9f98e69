import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** POST /api/patient/{id}/image {base64Image} (spec §7). The server re-encodes it (≤ 800 px JPEG, no EXIF). */
export function savePatientImage({
  patientId,
  base64Image,
}: {
  patientId: string;
  base64Image: string;
}): Promise<unknown> {
  return apiRequest<unknown>(`/api/patient/${encodeURIComponent(patientId)}/image`, {
    method: 'POST',
    body: { base64Image },
  });
}

export function useSavePatientImage() {
  return useMutation({ mutationFn: savePatientImage });
}

/** GET /api/patient/image/{patientId} (spec §7): the photo as a JPEG; `version` busts the browser's copy after a change. */
export function patientImageUrl(patientId: string, version: number): string {
  return `/api/patient/image/${encodeURIComponent(patientId)}?v=${version}`;
}
