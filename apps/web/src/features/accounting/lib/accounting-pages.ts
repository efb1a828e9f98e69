/** The pages of /accounting/{page} (spec §2 Accounting screens), in the side menu's order, each with the flag that shows it (spec §6). */
export const ACCOUNTING_PAGES = [
  { page: 'billing', permission: 'MENU_ACCOUNTING_BILLING', th: 'การวางบิล', en: 'Billing' },
  { page: 'money', permission: 'MENU_ACCOUNTING_MONEY', th: 'เงินสดย่อย', en: 'Petty cash' },
  { page: 'cost', permission: 'MENU_ACCOUNTING_COST', th: 'ค่าตรวจ', en: 'Exam fee' },
] as const;

export type AccountingPageCode = (typeof ACCOUNTING_PAGES)[number]['page'];
export type AccountingPageEntry = (typeof ACCOUNTING_PAGES)[number];

/** The pages the user's MENU_ACCOUNTING_* flags open, in menu order. */
export function permittedPages(permissions: readonly string[]): AccountingPageEntry[] {
  return ACCOUNTING_PAGES.filter((p) => permissions.includes(p.permission));
}

/** What /accounting/{page} shows: the page, a redirect to the first permitted one, or why it cannot. */
export type AccountingRoute =
  | { kind: 'show'; page: AccountingPageCode }
  | { kind: 'redirect'; page: AccountingPageCode }
  | { kind: 'forbidden'; page: AccountingPageEntry | null }
  | { kind: 'unknown' };

export function resolveAccountingRoute(page: string | undefined, permissions: readonly string[]): AccountingRoute {
  const allowed = permittedPages(permissions);
  if (page === undefined || page === '') {
    const first = allowed[0];
    return first ? { kind: 'redirect', page: first.page } : { kind: 'forbidden', page: null };
  }
  const entry = ACCOUNTING_PAGES.find((p) => p.page === page);
  if (!entry) return { kind: 'unknown' };
  return allowed.includes(entry) ? { kind: 'show', page: entry.page } : { kind: 'forbidden', page: entry };
}
