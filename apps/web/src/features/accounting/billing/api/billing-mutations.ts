import type { ReceiptCreate } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { billingKeys } from './billing-keys';

/** Every money action changes the batch, its history entry, the search rows and the ages: all of them are refreshed. */
function useRefreshBilling() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: billingKeys.all });
}

/**
 * POST /api/billing/{id}/paid/{requestId} or /unpaid/{requestId} (spec §7): one line by hand. The screen shows the
 * server's refusal itself (a line paid by a receipt: void the receipt instead).
 */
export function useMarkLine(billingId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ requestId, paid }: { requestId: string; paid: boolean }) =>
      apiRequest<{ requestId: string; paidBillingId: string | null }>(
        `/api/billing/${billingId}/${paid ? 'paid' : 'unpaid'}/${requestId}`,
        { method: 'POST' },
      ),
    // The line keeps its spinner until the detail shows it in its new tab.
    onSuccess: () => refresh(),
    meta: { errorAlert: false },
  });
}

/** POST /api/billing/{id}/receipt/create (spec §7). */
export function useCreateReceipt(billingId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: Omit<ReceiptCreate, 'amount'> & { amount: number }) =>
      apiRequest<{ receiptId: string; receiptDocumentId: string }>(`/api/billing/${billingId}/receipt/create`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => void refresh(),
    meta: { errorAlert: false },
  });
}

/** POST /api/billing/{id}/receipt/{receiptId}/void with the reason: the receipt stays, its lines return to unpaid. */
export function useVoidReceipt(billingId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ receiptId, reason }: { receiptId: string; reason: string }) =>
      apiRequest<{ receiptId: string }>(`/api/billing/${billingId}/receipt/${receiptId}/void`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => refresh(),
    meta: { errorAlert: false },
  });
}

/** Where the receipt PDF is (spec §7 GET /api/billing/{billingId}/receipt/{receiptId}/file). */
export function receiptFileUrl(billingId: string, receiptId: string): string {
  return `/api/billing/${encodeURIComponent(billingId)}/receipt/${encodeURIComponent(receiptId)}/file`;
}

/** The batch as an XLSX workbook (decision acc45). */
export function billingXlsxUrl(billingId: string): string {
  return `/api/billing/${encodeURIComponent(billingId)}/xlsx`;
}

/** The billing statement window (spec §2 /billing_report/{billingId}, ?new=true to print it again). */
export function statementUrl(billingId: string, reprint: boolean): string {
  return `/billing_report/${encodeURIComponent(billingId)}${reprint ? '?new=true' : ''}`;
}
