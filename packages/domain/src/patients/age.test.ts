import { describe, expect, it } from 'vitest';
import { ageInYears } from './age';

describe(ageInYears.name, () => {
  it('counts whole years, one less before the birthday', () => {
    expect(ageInYears('1980-11-21', new Date('2026-11-20T12:00:00Z'))).toBe(45);
    expect(ageInYears('1980-11-21', new Date('2026-11-21T12:00:00Z'))).toBe(46);
  });
  it('uses the Bangkok calendar day (UTC 17:30 is already the next day)', () => {
    expect(ageInYears('1980-11-21', new Date('2026-11-20T17:30:00Z'))).toBe(46);
  });
  it('is null without a usable birth date', () => {
    expect(ageInYears(null, new Date())).toBeNull();
    expect(ageInYears('not a date', new Date())).toBeNull();
  });
});
