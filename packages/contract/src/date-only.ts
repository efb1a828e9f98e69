import { z } from 'zod';

/** True for a yyyy-MM-dd that names a real day (year 0001 to 9999), so 2024-02-30 and 0000-00-00 are refused. */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC so no time zone moves it.
  const last = new Date(Date.UTC(2000, mo, 0)).getUTCDate();
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (mo === 2 ? (leap ? 29 : 28) : last);
}

/**
 * A calendar day yyyy-MM-dd. The shape alone let impossible days reach PostgreSQL, which refused them with a 500;
 * the calendar check makes them a 400 naming the field.
 */
export const dateOnly = (formatMessage: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, formatMessage)
    .refine(isCalendarDay, 'ไม่มีวันที่นี้ในปฏิทิน (no such date)');
