import { describe, expect, it } from 'vitest';
import { moneyAmount } from './money';

const amount = moneyAmount('จำนวนเงิน');

describe('moneyAmount', () => {
  it('turns baht as typed into integer satang, from numbers and from form text', () => {
    expect(amount.parse(1250.5)).toBe(125_050);
    expect(amount.parse('1,250.50')).toBe(125_050);
    expect(amount.parse('0.29')).toBe(29);
    expect(amount.parse('10000000')).toBe(1_000_000_000);
  });

  it('refuses zero, negative, non-numeric, three decimals and more than ten million, each with a Thai message', () => {
    for (const bad of [0, '0.00', -5, '-5', 'abc', '', '1e3', '10.005', 10_000_000.01, Number.NaN, null]) {
      const result = amount.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/จำนวนเงิน/);
    }
  });
});
