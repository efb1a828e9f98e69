import { describe, expect, it } from 'vitest';
import { displayToIsoDay, isoDayToDisplay, tidyTypedDay } from './typed-day';

describe(displayToIsoDay.name, () => {
  it('reads the ways people type a day, Buddhist-era years included', () => {
    expect(displayToIsoDay('14-03-1992')).toBe('1992-03-14');
    expect(displayToIsoDay(' 4/3/2535 ')).toBe('1992-03-04');
    expect(displayToIsoDay('14.03.2569')).toBe('2026-03-14');
    expect(displayToIsoDay('14032569')).toBe('2026-03-14');
  });
  it('refuses what is not a real day', () => {
    expect(displayToIsoDay('31-02-2000')).toBeNull();
    expect(displayToIsoDay('2000-02-01')).toBeNull();
    expect(displayToIsoDay('')).toBeNull();
  });
});

describe(isoDayToDisplay.name, () => {
  it('shows yyyy-MM-dd (or a timestamp) as dd-MM-yyyy and nothing for the rest', () => {
    expect(isoDayToDisplay('2026-11-21')).toBe('21-11-2026');
    expect(isoDayToDisplay('2026-11-21T05:00:00Z')).toBe('21-11-2026');
    expect(isoDayToDisplay('21-11-2026')).toBe('');
    expect(isoDayToDisplay(null)).toBe('');
  });
});

describe(tidyTypedDay.name, () => {
  it('offers the tidy form of a typed day, never for text already tidy or not a day', () => {
    expect(tidyTypedDay('2/3/2569')).toBe('02-03-2026');
    expect(tidyTypedDay('02-03-2026')).toBeNull();
    expect(tidyTypedDay('32-01-2026')).toBeNull();
  });
});
