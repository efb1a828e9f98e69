import type { AccountingBranches } from '@rangsi/contract';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useAccountingBranches } from './api/accounting-branches';
import { chosenBranch } from './lib/accounting-branch';

export interface AccountingBranchState {
  /** The branch petty cash, exam fees and the cash-up work on; null while the choices load. */
  branchId: number | null;
  branches: AccountingBranches['branches'];
  /** An Administrator picks among several; anyone else has their own branch only. */
  canChoose: boolean;
  choose: (branchId: number) => void;
  isPending: boolean;
  error: Error | null;
}

const Context = createContext<AccountingBranchState | null>(null);

/** The accounting pages' branch, kept in the address (`?branch=`) so a reload or a copied link opens the same one. */
export function AccountingBranchProvider({ children }: { children: ReactNode }) {
  const query = useAccountingBranches();
  const [search, setSearch] = useSearchParams();
  const fromAddress = search.get('branch');
  const branchId = chosenBranch(query.data, fromAddress);
  const choose = useCallback(
    (id: number) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('branch', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  const value = useMemo<AccountingBranchState>(
    () => ({
      branchId,
      branches: query.data?.branches ?? [],
      canChoose: (query.data?.branches.length ?? 0) > 1,
      choose,
      isPending: query.isPending,
      error: query.error,
    }),
    [branchId, query.data, query.isPending, query.error, choose],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The accounting pages' branch; only under AccountingBranchProvider. */
export function useAccountingBranch(): AccountingBranchState {
  const state = useContext(Context);
  if (!state) throw new Error('useAccountingBranch outside AccountingBranchProvider');
  return state;
}
