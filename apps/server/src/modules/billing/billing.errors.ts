import { defineErrors } from '../../http/domain-error';

/** The refusals of billing batches and receipts, each with its kind. */
export const billingError = defineErrors({
  BILLING_NO_BRANCH: 'conflict',
  BILLING_HOSPITAL_NOT_FOUND: 'not-found',
  BILLING_NOT_FOUND: 'not-found',
  BILLING_RECEIPT_NOT_FOUND: 'not-found',
  BILLING_LINE_NOT_FOUND: 'not-found',
  PRIVILEGE_NOT_OF_HOSPITAL: 'invalid',
  DUPLICATE_REQUESTS: 'invalid',
  // Every reason a batch refuses its requests at once (REQUESTS_MISSING, _DELETED, _OUT_OF_RANGE).
  BILLING_REQUESTS_REFUSED: 'invalid',
  REQUESTS_PAID: 'conflict',
  SOME_PAID: 'conflict',
  PAID_ELSEWHERE: 'conflict',
  PAID_BY_RECEIPT: 'conflict',
  NOT_IN_BATCH: 'invalid',
  AMOUNT_OVER_LINES: 'invalid',
  RECEIPT_VOIDED: 'conflict',
  RECEIPT_VOIDED_FILE: 'conflict',
  BILLING_BAD_CURSOR: 'invalid',
});

/** A count in a message, with thousands separators as the Thai answers have them. */
export const count = (n: number) => n.toLocaleString('en-US');

/** Postgres unique violation of the named index, however the driver wraps it. */
export function isUniqueViolation(err: unknown, ...indexes: string[]): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505' && indexes.some((i) => pg.constraint === i || String(pg.message).includes(i))) return true;
  }
  return false;
}
