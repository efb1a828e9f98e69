import type { AccountingMoneyUi, MoneyEntry, MoneyHistory } from '@rangsi/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { postMultipart } from '@/api/multipart-post';
import { branchQuery } from '../lib/accounting-branch';

export const pettyCashKeys = {
  all: ['accounting', 'money'] as const,
  today: (branchId: number) => ['accounting', 'money', 'today', branchId] as const,
  history: (branchId: number, from: string, to: string) =>
    ['accounting', 'money', 'history', branchId, from, to] as const,
};

/** GET api/uidata/accounting_money: yesterday's balance, today's transfers and today's saves (spec §7). */
export function useAccountingMoney(branchId: number) {
  return useQuery({
    queryKey: pettyCashKeys.today(branchId),
    queryFn: ({ signal }) =>
      apiRequest<AccountingMoneyUi>(`/api/uidata/accounting_money${branchQuery(branchId)}`, { signal }),
    // The page shows the server's message itself (an administrator is asked to choose a branch).
    meta: { errorAlert: false },
  });
}

export interface ExpenseLineInput {
  name: string;
  amount: string;
}

/** POST api/accounting/adjustMoney (multipart: remark, items[i].name, items[i].amount, file); a new revision each time. */
export function useAdjustMoney(branchId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      remark,
      items,
      file,
    }: {
      remark: string;
      items: readonly ExpenseLineInput[];
      file: File | null;
    }) => {
      const body = new FormData();
      body.append('branchId', String(branchId));
      body.append('remark', remark);
      items.forEach((line, i) => {
        body.append(`items[${i}].name`, line.name);
        body.append(`items[${i}].amount`, line.amount.replace(/,/g, ''));
      });
      // Fields before the file: the server checks them before it reads a byte of it.
      if (file) body.append('file', file);
      return postMultipart<MoneyEntry>('/api/accounting/adjustMoney', body);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: pettyCashKeys.all }),
    meta: { errorAlert: false },
  });
}

/** GET api/accounting/money/history?from&to&before: the saves of those days, newest first, 50 a page. */
export function useMoneyHistory(branchId: number, range: { from: string; to: string } | null) {
  return useInfiniteQuery({
    queryKey: pettyCashKeys.history(branchId, range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ branchId: String(branchId) });
      if (range?.from) params.set('from', range.from);
      if (range?.to) params.set('to', range.to);
      if (pageParam) params.set('before', pageParam);
      return apiRequest<MoneyHistory>(`/api/accounting/money/history?${params.toString()}`, { signal });
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    meta: { errorAlert: false },
  });
}
