import { ageInYears } from '@rangsi/domain';

/**
 * Calendar days as the API wants them (yyyy-MM-dd) and as people type and read them (dd-MM-yyyy, spec §9).
 * Plain string and UTC arithmetic: a birth date has no time zone. Today is the Bangkok day, whatever the
 * workstation's zone.
 */

export function bangkokToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** yyyy-MM-dd → dd-MM-yyyy; anything else → ''. */
export function isoDayToDisplay(isoDay: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/**
 * dd-MM-yyyy (also d/M/yyyy, dd.MM.yyyy, ddMMyyyy) → yyyy-MM-dd, or null when it is not a real day.
 * A Buddhist-era year (2400 and later, what Thai staff often type: 2535 = 1992) is converted.
 */
export function displayToIsoDay(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  let year = Number(match[3]);
  if (year >= 2400) year -= 543;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

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
