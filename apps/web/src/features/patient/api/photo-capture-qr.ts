import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

export interface PhotoCaptureQr {
  qrId: string;
  /** {origin}/capture/qr/{qrId}, the page the phone opens (spec §7). */
  url: string;
  expiresAt: string;
}

/** POST /api/patient/image/{id}/qr (spec §7): a single-use, expiring phone-capture link. */
export function createPhotoCaptureQr(patientId: string): Promise<PhotoCaptureQr> {
  return apiRequest<PhotoCaptureQr>(`/api/patient/image/${encodeURIComponent(patientId)}/qr`, { method: 'POST' });
}

export function useCreatePhotoCaptureQr() {
  return useMutation({ mutationFn: createPhotoCaptureQr, meta: { errorAlert: false } });
}

/** Spec §9: the phone QR check is polled every 1000 ms. */
export const PHOTO_QR_POLL_MS = 1000;

/** GET /api/patient/image/qr/{qrId} (spec §7): null until the phone has uploaded, then the photo. */
export function usePhotoCaptureQrResult(qrId: string | null) {
  return useQuery({
    queryKey: ['patients', 'photo-qr', qrId],
    queryFn: ({ signal }) =>
      apiRequest<{ base64Image: string } | null>(`/api/patient/image/qr/${encodeURIComponent(qrId!)}`, { signal }),
    enabled: qrId !== null,
    // Spec §4: polled until it succeeds with data; an error (expired link) stops it and the dialog says so.
    refetchInterval: (query) => (query.state.data || query.state.error ? false : PHOTO_QR_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAlert: false },
  });
}
