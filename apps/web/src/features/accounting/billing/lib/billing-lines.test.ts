import { describe, expect, it } from 'vitest';
import {
  amountText,
  checkReceipt,
  initialChecked,
  RECEIPT_NONE_SELECTED,
  RECEIPT_PAYMENT_MISSING,
  selectAllState,
  sumSatang,
  toggleAllUnpaid,
  toggleLine,
} from './billing-lines';

const rows = [
  { requestId: 'a', isPaid: false },
  { requestId: 'b', isPaid: true },
  { requestId: 'c', isPaid: false },
];

describe('billing line selection', () => {
  it('checks the unpaid lines and leaves the paid ones unchecked', () => {
    expect([...initialChecked(rows)]).toEqual(['a', 'c']);
  });

  it('select-all touches the unpaid lines only', () => {
    const none = toggleAllUnpaid(rows, initialChecked(rows));
    expect(none.size).toBe(0);
    expect([...toggleAllUnpaid(rows, none)]).toEqual(['a', 'c']);
    // Some checked: select-all checks every unpaid line, still never the paid one.
    expect([...toggleAllUnpaid(rows, new Set(['a']))]).toEqual(['a', 'c']);
    expect(selectAllState(rows, new Set(['a']))).toEqual({ all: false, some: true });
    expect(selectAllState(rows, new Set(['a', 'c']))).toEqual({ all: true, some: true });
    expect(selectAllState([{ requestId: 'b', isPaid: true }], new Set())).toEqual({ all: false, some: false });
  });

  it('toggles one line, never checking a paid one', () => {
    expect([...toggleLine(new Set(['a']), rows[0]!)]).toEqual([]);
    expect([...toggleLine(new Set(), rows[2]!)]).toEqual(['c']);
    expect([...toggleLine(new Set(), rows[1]!)]).toEqual([]);
  });
});

describe('billing money', () => {
  it('adds baht as satang without drift and shows 2 decimals with separators', () => {
    expect(sumSatang([{ totalPrice: 0.1 }, { totalPrice: 0.2 }])).toBe(30);
    expect(sumSatang([{ totalPrice: 1234.5 }, { totalPrice: 10000 }])).toBe(1_123_450);
    expect(amountText(123450)).toBe('1234.50');
  });
});

describe(checkReceipt.name, () => {
  const base = { selectedSatang: 150_000, selectedCount: 2, bankName: 'กสิกรไทย', number: 'TR-1', amount: '1500' };

  it('asks for lines first, then for the bank and number (spec §5 words exactly)', () => {
    expect(checkReceipt({ ...base, selectedCount: 0, selectedSatang: 0, bankName: '' })).toMatchObject({
      ok: false,
      message: RECEIPT_NONE_SELECTED,
    });
    expect(checkReceipt({ ...base, bankName: '  ' })).toMatchObject({ ok: false, message: RECEIPT_PAYMENT_MISSING });
    expect(checkReceipt({ ...base, number: '' })).toMatchObject({ ok: false, message: RECEIPT_PAYMENT_MISSING });
    expect(RECEIPT_NONE_SELECTED).toBe('กรุณาเลือกรายการที่ต้องการออกใบเสร็จ');
    expect(RECEIPT_PAYMENT_MISSING).toBe('กรุณาระบุข้อมูลการชำระเงิน');
  });

  it('takes an amount up to the selected sum, less allowed, in satang', () => {
    expect(checkReceipt(base)).toEqual({ ok: true, amountSatang: 150_000 });
    expect(checkReceipt({ ...base, amount: '1,485.5' })).toEqual({ ok: true, amountSatang: 148_550 });
    expect(checkReceipt({ ...base, amount: '0.29' })).toEqual({ ok: true, amountSatang: 29 });
  });

  it('refuses zero, more than 2 decimals, text and more than the sum', () => {
    for (const amount of ['0', '0.00', '-5', '10.005', 'abc', ''])
      expect(checkReceipt({ ...base, amount })).toMatchObject({ ok: false, field: 'amount' });
    expect(checkReceipt({ ...base, amount: '1500.01' })).toMatchObject({ ok: false, field: 'amount' });
  });
});
