import { ageInYears, bangkokToday } from '@rangsi/domain';
import { displayToIsoDay, isoDayToDisplay } from '@/lib/typed-day';

export { displayToIsoDay, isoDayToDisplay };

/**
 * Calendar days as the API wants them (yyyy-MM-dd) and as people type and read them (dd-MM-yyyy, spec §9).
 * Plain string and UTC arithmetic: a birth date has no time zone. Today is the Bangkok day, whatever the
 * workstation's zone.
 */

/** Whole years from a typed birth date (spec §5), or null when it is not a usable past day. */
export function ageFromDisplay(birthDate: string, now: Date = new Date()): number | null {
  const iso = displayToIsoDay(birthDate);
  return iso ? ageInYears(iso, now) : null;
}

/**
 * Spec §4: unticking "unknown birth date" sets the birth date from the age — today's day and month, `age` years
 * back (29 February falls back to the 28th), so that the age read back from it is the age given.
 */
export function birthDateFromAge(age: number, now: Date = new Date()): string {
  const [y, m, d] = bangkokToday(now).split('-').map(Number) as [number, number, number];
  let date = new Date(Date.UTC(y - age, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date = new Date(Date.UTC(y - age, m, 0));
  return isoDayToDisplay(date.toISOString().slice(0, 10));
}
