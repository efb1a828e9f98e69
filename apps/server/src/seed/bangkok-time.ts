/**
 * Asia/Bangkok is UTC+7 all year (no daylight saving), so calendar arithmetic here needs no time-zone library:
 * shift by seven hours and read the UTC fields.
 */
import { BANGKOK_OFFSET_MS as OFFSET_MS, bangkokDayOf } from '@rangsi/domain';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The instant of midnight (Bangkok) that starts the day of `at`, moved by `dayOffset` days. */
export function bangkokMidnight(at: Date, dayOffset = 0): Date {
  const shifted = at.getTime() + OFFSET_MS;
  return new Date(shifted - (shifted % DAY) - OFFSET_MS + dayOffset * DAY);
}

/** YYMMDD of the Bangkok day (accession numbers). */
export function bangkokYyMmDd(at: Date): string {
  return bangkokDayOf(at).slice(2).replaceAll('-', '');
}

/** DICOM StudyDate (YYYYMMDD) and StudyTime (HHMMSS) as the modality, set to Bangkok time, would write them. */
export function dicomDateTime(at: Date): { date: string; time: string } {
  const d = new Date(at.getTime() + OFFSET_MS);
  return {
    date: `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`,
  };
}

/** HH:mm in Bangkok. */
export function bangkokHhMm(at: Date): string {
  const d = new Date(at.getTime() + OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Hour of day (0–23) in Bangkok. */
export function bangkokHour(at: Date): number {
  return new Date(at.getTime() + OFFSET_MS).getUTCHours();
}
