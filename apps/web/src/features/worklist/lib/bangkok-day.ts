import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from '../../../lib/format-date';
export { displayToIsoDay, isoDayToDisplay } from '../../../lib/typed-day';

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
