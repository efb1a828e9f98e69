import type { AccountingBranches } from '@rangsi/contract';

/**
 * The branch the accounting pages work on: the one in the address (`?branch=`) when the user may work on it, else the
 * default the server gave (the user's own). An address naming a branch out of reach falls back rather than failing:
 * a bookmark from another user's screen should still open the page.
 */
export function chosenBranch(data: AccountingBranches | undefined, fromAddress: string | null): number | null {
  if (!data) return null;
  const asked = fromAddress !== null && /^\d+$/.test(fromAddress) ? Number(fromAddress) : null;
  if (asked !== null && data.branches.some((b) => b.id === asked)) return asked;
  return data.defaultBranchId;
}

/** `?branchId=` for a call on that branch; empty when the server's default (the user's own) is meant. */
export function branchQuery(branchId: number | null, joiner: '?' | '&' = '?'): string {
  return branchId === null ? '' : `${joiner}branchId=${branchId}`;
}
