import { MAX_MONEY_BAHT } from '@rangsi/contract';
import { satangOf } from '@rangsi/domain';

/**
 * Money as staff type it on the petty-cash and exam-fee forms, worked in integer satang so that 0.1 + 0.2 is 0.30
 * and a balance never drifts by a satang (the server computes in satang too; these figures are only shown).
 */

export const MAX_AMOUNT_SATANG = MAX_MONEY_BAHT * 100;

/** What an amount field may hold while typing: digits, thousands commas, one dot and at most 2 decimals. */
const TYPING = /^[\d,]*(\.\d{0,2})?$/;

/**
 * The field's new text when `typed` may stand in an amount field, else null (the keystroke is refused, so a third
 * decimal or a letter never appears). Leading and trailing spaces are dropped; a comma typed as a decimal is not.
 */
export function acceptAmountTyping(typed: string): string | null {
  const text = typed.trim();
  return TYPING.test(text) ? text : null;
}

/**
 * Baht as typed ("1,234.5", "80", ".75") to integer satang; null when blank or not an amount (more than 2 decimals,
 * letters, a misplaced comma). The whole and fraction parts are read apart: 0.29 is 29 satang, not 28.999….
 */
export function parseBahtToSatang(typed: string): number | null {
  const text = typed.trim();
  if (!/^(\d{1,3}(,\d{3})*|\d+)?(\.\d{0,2})?$/.test(text) || text === '' || text === '.') return null;
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (whole === '' && fraction === '') return null;
  const satang = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(satang) ? satang : null;
}

/** What is wrong with a typed amount, in the words of the server's rule (contract moneyAmount); null when fine or blank. */
export function amountProblem(typed: string): string | null {
  if (typed.trim() === '') return null;
  const satang = parseBahtToSatang(typed);
  if (satang === null) return 'จำนวนเงินต้องเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง (a number, at most 2 decimals)';
  if (satang <= 0) return 'จำนวนเงินต้องมากกว่า 0 (must be above 0)';
  if (satang > MAX_AMOUNT_SATANG) return 'จำนวนเงินต้องไม่เกิน 10,000,000.00 บาท (at most ฿10,000,000)';
  return null;
}

/** The sum of the amounts typed, in satang; blank or unreadable amounts count as 0 (they are flagged on the field). */
export function sumTypedSatang(typed: readonly string[]): number {
  return typed.reduce((sum, t) => sum + (parseBahtToSatang(t) ?? 0), 0);
}

/** Spec §5 petty cash: at least one expense line with an amount above 0. */
export function hasAmountAboveZero(typed: readonly string[]): boolean {
  return typed.some((t) => (parseBahtToSatang(t) ?? 0) > 0);
}

/**
 * Spec §4 petty cash: balance remaining = yesterday's balance + today's received transfers − the expenses, in satang
 * (negative when the expenses exceed what there is).
 */
export function pettyCashBalanceSatang(input: {
  yesterdayBaht: number;
  todayBaht: number;
  expenses: readonly string[];
}): number {
  return satangOf(input.yesterdayBaht) + satangOf(input.todayBaht) - sumTypedSatang(input.expenses);
}
