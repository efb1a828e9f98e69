import type { ExportLink } from '@rangsi/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** POST /api/request/link/{id}: a new export film link of a request (the request list's and the worklist's Export Film). */
export function useCreateExportLink() {
  return useMutation({
    mutationFn: (requestId: string) =>
      apiRequest<ExportLink>(`/api/request/link/${encodeURIComponent(requestId)}`, { method: 'POST', body: {} }),
  });
}
