import { describe, expect, it } from 'vitest';
import { isValidNationalId, nationalIdCheckDigit, withCheckDigit } from './national-id';

describe(isValidNationalId.name, () => {
  it('accepts an id whose 13th digit is (11 − Σ d·w mod 11) mod 10 with weights 13..2', () => {
    // 1-1037-00000-00-? : sum = 1·13+1·12+0·11+3·10+7·9 = 118; 118 mod 11 = 8; (11-8) mod 10 = 3
    expect(nationalIdCheckDigit('110370000000')).toBe(3);
    expect(isValidNationalId('1103700000003')).toBe(true);
  });
  it.each(['1103700000004', '110370000000', '11037000000033', 'abcdefghijklm', ''])('refuses %s', (id) => {
    expect(isValidNationalId(id)).toBe(false);
  });
  it('completes 12 digits', () => expect(withCheckDigit('110370000000')).toBe('1103700000003'));
});
