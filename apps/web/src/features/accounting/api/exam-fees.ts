import type { AccountingCostUi, CostEntry, CostType, ReceiptLookup, TodayCost } from '@rangsi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { postMultipart } from '@/api/multipart-post';
import { branchQuery } from '../lib/accounting-branch';

export const examFeeKeys = {
  all: ['accounting', 'cost'] as const,
  ui: ['accounting', 'cost', 'ui'] as const,
  today: (branchId: number, x: CostType | 'all') => ['accounting', 'cost', 'today', branchId, x] as const,
};

/** GET api/uidata/accounting_cost: the payment methods. */
export function useAccountingCost() {
  return useQuery({
    queryKey: examFeeKeys.ui,
    queryFn: ({ signal }) => apiRequest<AccountingCostUi>('/api/uidata/accounting_cost', { signal }),
    staleTime: 5 * 60_000,
    meta: { errorAlert: false },
  });
}

/** GET api/accounting/todayCost/{cash|cheque|all}: today's exam fees of that type with their count and total. */
export function useTodayCost(branchId: number, x: CostType | 'all') {
  return useQuery({
    queryKey: examFeeKeys.today(branchId, x),
    queryFn: ({ signal }) =>
      apiRequest<TodayCost>(`/api/accounting/todayCost/${x}${branchQuery(branchId)}`, { signal }),
    meta: { errorAlert: false },
  });
}

/** GET api/accounting/receipt/{documentNo}: a live receipt of the branch, by its number as printed (spec §4 cheque entry). */
export function lookUpReceipt(documentNo: string, branchId: number, signal?: AbortSignal): Promise<ReceiptLookup> {
  return apiRequest<ReceiptLookup>(
    `/api/accounting/receipt/${encodeURIComponent(documentNo.trim())}${branchQuery(branchId)}`,
    { signal },
  );
}

export interface SubmitCostFields {
  type: CostType;
  methodId: number;
  /** Cash: baht as typed. Cheque: left out, the receipt's amount is taken (decision acc24). */
  amount: string | null;
  receiptId: string | null;
  referenceCode: string;
  remark: string;
  /** yyyy-MM-dd, or null for today. */
  date: string | null;
  file: File | null;
}

/** POST api/accounting/submitCost (multipart). */
export function useSubmitCost(branchId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: SubmitCostFields) => {
      const body = new FormData();
      body.append('branchId', String(branchId));
      body.append('type', f.type);
      body.append('methodId', String(f.methodId));
      if (f.amount !== null) body.append('amount', f.amount.replace(/,/g, ''));
      if (f.receiptId) body.append('receiptId', f.receiptId);
      body.append('referenceCode', f.referenceCode);
      body.append('remark', f.remark);
      if (f.date) body.append('date', f.date);
      if (f.file) body.append('file', f.file);
      return postMultipart<CostEntry>('/api/accounting/submitCost', body);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: examFeeKeys.all }),
    meta: { errorAlert: false },
  });
}
