/**
 * Calendar days of the clinic. Thailand keeps UTC+7 all year (no daylight saving), so a Bangkok day is found by
 * shifting an instant seven hours and reading its UTC fields — no time-zone database, the same answer in Node and in
 * any browser whatever the workstation's zone. Days travel as yyyy-MM-dd; arithmetic on them is plain UTC date
 * arithmetic, since a calendar day, once chosen, has no time zone.
 */
export const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isoOfUtc(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function dayParts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** The Bangkok calendar day (yyyy-MM-dd) of an instant. */
export function bangkokDayOf(at: Date | number): string {
  return isoOfUtc(new Date((typeof at === 'number' ? at : at.getTime()) + BANGKOK_OFFSET_MS));
}

/** Today in Bangkok (yyyy-MM-dd). */
export function bangkokToday(now: Date | number = Date.now()): string {
  return bangkokDayOf(now);
}

/** The instant Bangkok's day (yyyy-MM-dd) starts, moved by whole days (`plusDays` 1: the next day's start). */
export function bangkokDayStart(day: string, plusDays = 0): Date {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d + plusDays) - BANGKOK_OFFSET_MS);
}

/** yyyy-MM-dd moved by whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = dayParts(day);
  return isoOfUtc(new Date(Date.UTC(y, m - 1, d + days)));
}

/** yyyy-MM moved by whole months. */
export function addMonths(month: string, months: number): string {
  const [y, m] = dayParts(`${month}-01`);
  return isoOfUtc(new Date(Date.UTC(y, m - 1 + months, 1))).slice(0, 7);
}

/** Whole days from one calendar day to another (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** The Buddhist-era year of an instant's Bangkok day (2026 → 2569). */
export function buddhistYearOf(at: Date | number): number {
  return Number(bangkokDayOf(at).slice(0, 4)) + 543;
}

/** Whole months from one month (yyyy-MM) to another (b − a). */
export function monthsBetween(a: string, b: string): number {
  const [ya, ma] = dayParts(`${a}-01`);
  const [yb, mb] = dayParts(`${b}-01`);
  return (yb - ya) * 12 + (mb - ma);
}

/** dd-MM-yyyy HH:mm of an instant in Bangkok, as every screen and message shows a time (spec §9). */
export function bangkokDateTimeText(at: Date | number): string {
  const d = new Date((typeof at === 'number' ? at : at.getTime()) + BANGKOK_OFFSET_MS);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCFullYear(), 4)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
