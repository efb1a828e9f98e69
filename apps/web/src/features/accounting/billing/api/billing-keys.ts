import type { BillingSearch } from '@rangsi/contract';

/** Query keys of the billing screen; everything under `all` is refreshed after a money action. */
export const billingKeys = {
  all: ['billing'] as const,
  condition: ['billing', 'condition'] as const,
  privileges: (hospitalId: number) => ['billing', 'privileges', hospitalId] as const,
  search: (search: BillingSearch, runAt: number) => ['billing', 'search', search, runAt] as const,
  history: (hospitalId: number) => ['billing', 'history', hospitalId] as const,
  aging: (hospitalId: number) => ['billing', 'aging', hospitalId] as const,
  detail: (billingId: string) => ['billing', 'detail', billingId] as const,
};
