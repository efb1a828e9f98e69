import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/capture/qr/{qrId} (public): is the phone-capture link still usable? */
export function useCaptureStatus(qrId: string) {
  return useQuery({
    queryKey: ['capture', qrId],
    queryFn: ({ signal }) =>
      apiRequest<{ valid: boolean; expiresAt: string | null }>(`/api/capture/qr/${encodeURIComponent(qrId)}`, {
        signal,
        redirectOnUnauthorized: false,
      }),
    retry: 1,
    staleTime: Infinity,
    meta: { errorAlert: false },
  });
}

/** POST /api/capture/qr/{qrId} {base64Image} (public, single use). */
export function useUploadCapture(qrId: string) {
  return useMutation({
    mutationFn: (base64Image: string) =>
      apiRequest<unknown>(`/api/capture/qr/${encodeURIComponent(qrId)}`, {
        method: 'POST',
        body: { base64Image },
        redirectOnUnauthorized: false,
      }),
    meta: { errorAlert: false },
  });
}
