import { displayToIsoDay } from '../../../lib/typed-day';

export const COST_DATE_MESSAGES = {
  format: 'วันที่ต้องเป็น dd-MM-yyyy (date: dd-MM-yyyy)',
  future: 'วันที่ต้องไม่เกินวันนี้ (the date cannot be in the future)',
} as const;

/** Today in Bangkok as yyyy-MM-dd, the business day of the server (dates are Bangkok days, spec §9). */
export function bangkokToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The exam fee's optional date as typed (dd-MM-yyyy, Buddhist years too) checked against today (decision acc26: today
 * by default, earlier allowed, future refused): the yyyy-MM-dd to send (null: none typed), or the message.
 */
export function readCostDate(typed: string, today: string): { day: string | null } | { error: string } {
  if (typed.trim() === '') return { day: null };
  const day = displayToIsoDay(typed);
  if (!day) return { error: COST_DATE_MESSAGES.format };
  if (day > today) return { error: COST_DATE_MESSAGES.future };
  return { day };
}

/** yyyy-MM-dd moved by whole days (calendar arithmetic in UTC, so no daylight-saving hour can shift the day). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
