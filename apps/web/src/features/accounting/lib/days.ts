import { displayToIsoDay } from '@/lib/typed-day';

export const COST_DATE_MESSAGES = {
  format: 'วันที่ต้องเป็น dd-MM-yyyy (date: dd-MM-yyyy)',
  future: 'วันที่ต้องไม่เกินวันนี้ (the date cannot be in the future)',
} as const;

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
