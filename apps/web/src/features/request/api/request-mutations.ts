import type { RequestSave, RequestSaved } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { requestKeys } from './search-requests';

/** POST /api/request/exam or /api/request/edit/{id}. */
export function useSaveRequest(requestId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestSave) =>
      apiRequest<RequestSaved>(requestId ? `/api/request/edit/${requestId}` : '/api/request/exam', {
        method: 'POST',
        body,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
    meta: { errorAlert: false },
  });
}

/** POST /api/request/{id}/delete with the reason (spec §5 Bulk delete): every selected request, counting failures. */
export function useDeleteRequests() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, remark }: { ids: string[]; remark: string }) => {
      const results = await Promise.allSettled(
        ids.map((id) => apiRequest(`/api/request/${id}/delete`, { method: 'POST', body: { remark } })),
      );
      return { failed: results.filter((r) => r.status === 'rejected').length, total: ids.length };
    },
    onSettled: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
    meta: { errorAlert: false },
  });
}

/** POST /api/request/{id}/delete of one request (the request form's delete-reason dialog); the server's refusal is shown in the dialog. */
export function useDeleteRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, remark }: { id: string; remark: string }) =>
      apiRequest(`/api/request/${id}/delete`, { method: 'POST', body: { remark } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
    meta: { errorAlert: false },
  });
}

/** GET /api/request/{id}/deleteReason: the reasons the delete dialogs offer. */
export function fetchDeleteReasons(id: string): Promise<{ reasonOptions: string[] }> {
  return apiRequest(`/api/request/${id}/deleteReason`);
}

/** POST /api/request/{id}/customPrice/{x}/approve or /reject (Administrator). */
export function useDecideCustomPrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      customPriceId,
      decision,
    }: {
      requestId: string;
      customPriceId: number;
      decision: 'approve' | 'reject';
    }) => apiRequest(`/api/request/${requestId}/customPrice/${customPriceId}/${decision}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
