import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bangkokDayOf,
  bangkokDayStart,
  bangkokToday,
  buddhistYearOf,
  daysBetween,
  monthsBetween,
} from './bangkok-day';

describe('Bangkok calendar days', () => {
  it('puts 17:00 UTC on the next Bangkok day and 16:59 on the same one', () => {
    expect(bangkokDayOf(new Date('2026-11-28T16:59:59.999Z'))).toBe('2026-11-28');
    expect(bangkokDayOf(new Date('2026-11-28T17:00:00Z'))).toBe('2026-11-29');
    expect(bangkokDayOf(Date.parse('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
    expect(bangkokToday(new Date('2026-11-28T18:00:00Z'))).toBe('2026-11-29');
  });

  it('starts a day at 17:00 UTC of the day before, and moves by whole days', () => {
    expect(bangkokDayStart('2026-11-29').toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(bangkokDayStart('2026-11-30', 1).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(bangkokDayStart('2026-03-01', -1).toISOString()).toBe('2026-02-27T17:00:00.000Z');
  });

  it('adds days and months across month, year and leap-day ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-29', -30)).toBe('2026-10-30');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(daysBetween('2026-10-31', '2026-11-29')).toBe(29);
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
    expect(monthsBetween('2025-11', '2026-02')).toBe(3);
  });

  it("gives the Buddhist-era year of the Bangkok day (New Year's Eve at 18:00 UTC is already next year)", () => {
    expect(buddhistYearOf(new Date('2026-06-01T00:00:00Z'))).toBe(2569);
    expect(buddhistYearOf(new Date('2026-12-31T18:00:00Z'))).toBe(2570);
  });
});
