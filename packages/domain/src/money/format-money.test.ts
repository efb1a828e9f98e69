import { describe, expect, it } from 'vitest';
import { formatBaht, formatSatang, satangOf, satangToBaht } from './format-money';

describe('money as shown', () => {
  it('prints 2 decimals with thousands separators', () => {
    expect(formatSatang(123456789)).toBe('1,234,567.89');
    expect(formatSatang(0)).toBe('0.00');
    expect(formatSatang(-5050)).toBe('-50.50');
    expect(formatBaht(12345.6)).toBe('12,345.60');
  });

  it('sums baht in satang so floats do not drift', () => {
    expect(satangOf(0.1) + satangOf(0.2)).toBe(30);
    expect(formatBaht(0.1 + 0.2)).toBe('0.30');
    expect(satangOf(1250.505)).toBe(125051);
    expect(satangToBaht(125050)).toBe(1250.5);
  });
});
