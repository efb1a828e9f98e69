import { describe, expect, it } from 'vitest';
import { formatResultTotal } from './result-total';

describe(formatResultTotal.name, () => {
  it('shows an exact total as it is and a capped one as a lower bound', () => {
    expect(formatResultTotal(242, false)).toBe('242');
    expect(formatResultTotal(0, undefined)).toBe('0');
    expect(formatResultTotal(10_000, true)).toBe('10,000+');
  });
});
