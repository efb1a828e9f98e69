import { describe, expect, it } from 'vitest';
import { COST_DATE_MESSAGES, readCostDate } from './days';

describe(readCostDate.name, () => {
  const today = '2026-11-29';
  it('is optional', () => expect(readCostDate('  ', today)).toEqual({ day: null }));
  it('takes today and earlier days, Buddhist years too', () => {
    expect(readCostDate('29-11-2026', today)).toEqual({ day: '2026-11-29' });
    expect(readCostDate('01-10-2569', today)).toEqual({ day: '2026-10-01' });
  });
  it('refuses a future day and an impossible one', () => {
    expect(readCostDate('30-11-2026', today)).toEqual({ error: COST_DATE_MESSAGES.future });
    expect(readCostDate('31-02-2026', today)).toEqual({ error: COST_DATE_MESSAGES.format });
  });
});
