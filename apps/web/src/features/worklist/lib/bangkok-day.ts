import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from '../../../lib/format-date';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Calendar days as the search payload wants them (yyyy-MM-dd, Bangkok days, spec §3) and as people type and
 * read them (dd-MM-yyyy, spec §9). Plain string and UTC arithmetic: a calendar day has no time zone once chosen.
 */

/** Today in Bangkok, whatever the workstation's zone. */
export function bangkokToday(now: number = Date.now()): string {
  return dayjs(now).tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD');
}

export function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/** yyyy-MM-dd → dd-MM-yyyy; '' stays ''. */
export function isoDayToDisplay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/**
 * dd-MM-yyyy (also d-M-yyyy, dd/MM/yyyy, dd.MM.yyyy or ddMMyyyy, as people type them) → yyyy-MM-dd.
 * null when it is not a real calendar day. Years before 2400 are Christian era; a Buddhist-era year
 * (what Thai staff often type, 2569 = 2026) is converted.
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
