import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from '../../../lib/format-date';
export { displayToIsoDay, isoDayToDisplay } from '../../../lib/typed-day';

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
