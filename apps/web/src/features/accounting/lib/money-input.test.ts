import { describe, expect, it } from 'vitest';
import {
  acceptAmountTyping,
  amountProblem,
  hasAmountAboveZero,
  parseBahtToSatang,
  pettyCashBalanceSatang,
  sumTypedSatang,
} from './money-input';

describe(acceptAmountTyping.name, () => {
  it.each(['', '1', '12.', '12.3', '12.34', '1,234.50', '.5', ' 80 '])('lets %j be typed', (t) =>
    expect(acceptAmountTyping(t)).toBe(t.trim()),
  );
  it.each(['12.345', 'abc', '1e3', '-5', '1.2.3', '12,5.5.'])('refuses %j', (t) =>
    expect(acceptAmountTyping(t)).toBeNull(),
  );
});

describe(parseBahtToSatang.name, () => {
  it.each([
    ['80', 8000],
    ['0.29', 29],
    ['1,234.5', 123450],
    ['1234.56', 123456],
    ['.75', 75],
    ['12.', 1200],
    ['0', 0],
    ['10000000', 1_000_000_000],
  ])('reads %j as %i satang', (t, satang) => expect(parseBahtToSatang(t)).toBe(satang));
  it.each(['', '.', '12.345', '12,34', 'x', '1,2345'])('gives null for %j', (t) =>
    expect(parseBahtToSatang(t)).toBeNull(),
  );
});

describe(amountProblem.name, () => {
  it('says nothing of a blank or a good amount', () => {
    expect(amountProblem('')).toBeNull();
    expect(amountProblem('99.99')).toBeNull();
    expect(amountProblem('10,000,000.00')).toBeNull();
  });
  it('refuses zero, more than ten million baht and unreadable text', () => {
    expect(amountProblem('0')).toMatch(/มากกว่า 0/);
    expect(amountProblem('10000000.01')).toMatch(/10,000,000/);
    expect(amountProblem('12,34')).toMatch(/ทศนิยม/);
  });
});

describe(pettyCashBalanceSatang.name, () => {
  it('is yesterday + transfers − expenses, exact to the satang', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in satang it is 30.
    expect(sumTypedSatang(['0.1', '0.2'])).toBe(30);
    expect(pettyCashBalanceSatang({ yesterdayBaht: 1000.1, todayBaht: 2500.2, expenses: ['120.50', '80', ''] })).toBe(
      329980,
    );
  });
  it('goes below zero when the expenses exceed what there is', () => {
    expect(pettyCashBalanceSatang({ yesterdayBaht: 0, todayBaht: 0, expenses: ['15.25'] })).toBe(-1525);
  });
});

describe(hasAmountAboveZero.name, () => {
  it('needs one line above 0 (spec §5)', () => {
    expect(hasAmountAboveZero(['', '0', '0.00'])).toBe(false);
    expect(hasAmountAboveZero(['', '0.01'])).toBe(true);
  });
});
