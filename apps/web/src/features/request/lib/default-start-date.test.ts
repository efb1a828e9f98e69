import { describe, expect, it } from 'vitest';
import { defaultStartOffsetDays } from './default-start-date';

describe(defaultStartOffsetDays.name, () => {
  it('starts a Doctor 7 days back, Link and HospitalDoctor a year back, everyone else today (spec §6)', () => {
    expect(defaultStartOffsetDays('Doctor')).toBe(-7);
    expect(defaultStartOffsetDays('Link')).toBe(-365);
    expect(defaultStartOffsetDays('HospitalDoctor')).toBe(-365);
    expect(defaultStartOffsetDays('Hospital')).toBe(0);
    expect(defaultStartOffsetDays('Administrator')).toBe(0);
  });
});
