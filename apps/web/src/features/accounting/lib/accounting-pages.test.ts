import { describe, expect, it } from 'vitest';
import { permittedPages, resolveAccountingRoute } from './accounting-pages';

describe(resolveAccountingRoute.name, () => {
  const all = ['MENU_ACCOUNTING_BILLING', 'MENU_ACCOUNTING_MONEY', 'MENU_ACCOUNTING_COST'];

  it('opens the first permitted page when none is named', () => {
    expect(resolveAccountingRoute(undefined, all)).toEqual({ kind: 'redirect', page: 'billing' });
    expect(resolveAccountingRoute(undefined, ['MENU_ACCOUNTING_MONEY'])).toEqual({ kind: 'redirect', page: 'money' });
    expect(resolveAccountingRoute('', ['MENU_ACCOUNTING_COST', 'REQUEST_SEARCH'])).toEqual({
      kind: 'redirect',
      page: 'cost',
    });
  });

  it('shows a permitted page and refuses one the user may not open', () => {
    expect(resolveAccountingRoute('money', ['MENU_ACCOUNTING_MONEY'])).toEqual({ kind: 'show', page: 'money' });
    const refused = resolveAccountingRoute('billing', ['MENU_ACCOUNTING_MONEY']);
    expect(refused.kind).toBe('forbidden');
    expect(refused.kind === 'forbidden' && refused.page?.page).toBe('billing');
  });

  it('refuses everything to a user without accounting flags, and tells an unknown page apart', () => {
    expect(resolveAccountingRoute(undefined, ['MENU_PACS'])).toEqual({ kind: 'forbidden', page: null });
    expect(resolveAccountingRoute('report', all)).toEqual({ kind: 'unknown' });
  });
});

describe(permittedPages.name, () => {
  it('keeps the menu order whatever the order of the flags', () => {
    expect(permittedPages(['MENU_ACCOUNTING_COST', 'MENU_ACCOUNTING_BILLING']).map((p) => p.page)).toEqual([
      'billing',
      'cost',
    ]);
    // The accounting report flag is a home card of its own, not a page of this menu.
    expect(permittedPages(['MENU_ACCOUNTING_REPORT'])).toEqual([]);
  });
});
