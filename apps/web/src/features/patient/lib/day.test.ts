import { describe, expect, it } from 'vitest';
import { ageFromDisplay, birthDateFromAge, displayToIsoDay } from './day';

const NOW = new Date('2026-11-21T05:00:00Z');

describe(displayToIsoDay.name, () => {
  it('reads dd-MM-yyyy and Buddhist-era years', () => {
    expect(displayToIsoDay('14-03-1992')).toBe('1992-03-14');
    expect(displayToIsoDay('14/03/2535')).toBe('1992-03-14');
  });
  it('refuses days that do not exist', () => expect(displayToIsoDay('31-02-2000')).toBeNull());
});

describe(birthDateFromAge.name, () => {
  it('gives a birth date whose age is the age given', () => {
    const birth = birthDateFromAge(45, NOW);
    expect(birth).toBe('21-11-1981');
    expect(ageFromDisplay(birth, NOW)).toBe(45);
  });
});
