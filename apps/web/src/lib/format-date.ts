import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and always shown in Bangkok time, whatever the workstation's zone (ARCHITECTURE §4). */
export const DISPLAY_TIME_ZONE = 'Asia/Bangkok';

type DateInput = string | number | Date | null | undefined;

function inBangkok(value: DateInput) {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(DISPLAY_TIME_ZONE) : null;
}

/** dd-MM-yyyy HH:mm, or an empty string for a missing or unreadable value. */
export function formatDateTime(value: DateInput): string {
  return inBangkok(value)?.format('DD-MM-YYYY HH:mm') ?? '';
}

/** dd-MM-yyyy, or an empty string for a missing or unreadable value. */
export function formatDate(value: DateInput): string {
  return inBangkok(value)?.format('DD-MM-YYYY') ?? '';
}
