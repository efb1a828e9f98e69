import { formatSatang, satangOf } from '@rangsi/domain';

/** The sum of the lines' totals in satang. */
export function sumSatang(lines: readonly { totalPrice: number }[]): number {
  return lines.reduce((sum, l) => sum + satangOf(l.totalPrice), 0);
}

interface Checkable {
  requestId: string;
  isPaid: boolean;
}

/** Spec §4 Billing: unpaid lines start checked, paid ones unchecked (and they stay so: a batch takes unpaid requests). */
export function initialChecked(rows: readonly Checkable[]): Set<string> {
  return new Set(rows.filter((r) => !r.isPaid).map((r) => r.requestId));
}

/** One line's box; a paid line cannot be checked. */
export function toggleLine(checked: ReadonlySet<string>, row: Checkable): Set<string> {
  const next = new Set(checked);
  if (next.has(row.requestId)) next.delete(row.requestId);
  else if (!row.isPaid) next.add(row.requestId);
  return next;
}

/** The select-all box as it shows: all, some or none of the unpaid lines checked. */
export function selectAllState(
  rows: readonly Checkable[],
  checked: ReadonlySet<string>,
): { all: boolean; some: boolean } {
  const unpaid = rows.filter((r) => !r.isPaid);
  const count = unpaid.filter((r) => checked.has(r.requestId)).length;
  return { all: unpaid.length > 0 && count === unpaid.length, some: count > 0 };
}

/** Spec §4 Billing: select-all affects only the unpaid lines (all of them checked, or none when all were). */
export function toggleAllUnpaid(rows: readonly Checkable[], checked: ReadonlySet<string>): Set<string> {
  return selectAllState(rows, checked).all ? new Set() : initialChecked(rows);
}

/** The spec §5 receipt warnings, in the order the form checks them; null when the receipt may be sent. */
export const RECEIPT_NONE_SELECTED = 'กรุณาเลือกรายการที่ต้องการออกใบเสร็จ';
export const RECEIPT_PAYMENT_MISSING = 'กรุณาระบุข้อมูลการชำระเงิน';

export type ReceiptCheck =
  { ok: true; amountSatang: number } | { ok: false; message: string; field: 'lines' | 'payment' | 'amount' };

/**
 * Checks a receipt before it is sent (spec §5 Billing): at least one line, bank name and number, then the amount as
 * typed (baht, above 0, at most 2 decimals, not above the selected lines' sum: less is allowed for withholding tax and
 * bank fees, decision acc04).
 */
export function checkReceipt(input: {
  selectedSatang: number;
  selectedCount: number;
  bankName: string;
  number: string;
  amount: string;
}): ReceiptCheck {
  if (input.selectedCount === 0) return { ok: false, message: RECEIPT_NONE_SELECTED, field: 'lines' };
  if (!input.bankName.trim() || !input.number.trim())
    return { ok: false, message: RECEIPT_PAYMENT_MISSING, field: 'payment' };
  const text = input.amount.trim().replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  const satang = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!match || !(satang > 0)) {
    return {
      ok: false,
      message: 'จำนวนเงินต้องเป็นตัวเลขมากกว่า 0 ทศนิยมไม่เกิน 2 ตำแหน่ง (Amount: a number above 0, at most 2 decimals)',
      field: 'amount',
    };
  }
  if (satang > input.selectedSatang) {
    return {
      ok: false,
      message: `จำนวนเงินต้องไม่เกินยอดรวมที่เลือก ${formatSatang(input.selectedSatang)} บาท (Amount above the selected total)`,
      field: 'amount',
    };
  }
  return { ok: true, amountSatang: satang };
}

/** The amount field's starting text for a sum of satang: "1234.50" (no separators, easy to edit). */
export function amountText(satang: number): string {
  return (satang / 100).toFixed(2);
}
