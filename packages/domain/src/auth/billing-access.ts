import type { DataScopeKind } from './roles';

/**
 * May a user open billing documents (statements, receipts)? BILLING holders (their branch, checked by the source),
 * and hospital users for their own hospital's, read only (decision acc03). Server and web ask the same question.
 */
export function mayPrintBillingDocuments(user: { permissions: ReadonlySet<string>; scope: DataScopeKind }): boolean {
  return user.permissions.has('BILLING') || user.scope === 'hospital';
}
