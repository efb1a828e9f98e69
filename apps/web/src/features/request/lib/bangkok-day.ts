import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from '../../../lib/format-date';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Today in Bangkok as yyyy-MM-dd, moved by some days. */
export function bangkokDay(offsetDays = 0, now: number = Date.now()): string {
  return dayjs(now).tz(DISPLAY_TIME_ZONE).add(offsetDays, 'day').format('YYYY-MM-DD');
}

/** Money as the spec shows it: 2 decimals and thousands separators. */
export function formatBaht(baht: number): string {
  return baht.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** yyyy-MM-dd → dd-MM-yyyy; '' stays ''. */
export function isoDayToDisplay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/** dd-MM-yyyy (or dd/MM/yyyy; a Buddhist-era year is converted) → yyyy-MM-dd, null when not a real day. */
export function displayToIsoDay(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  let year = Number(match[3]);
  if (year >= 2400) year -= 543;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
