/** Bangkok calendar days (Thailand keeps UTC+7 all year) and Buddhist-era years, as billing counts them. */
const OFFSET_MS = 7 * 3_600_000;

/** The Bangkok day (yyyy-MM-dd) of an instant. */
export function bangkokDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Bangkok midnight of a yyyy-MM-dd day, plus some days, as an instant. */
export function bangkokDayStart(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + plusDays) - OFFSET_MS);
}

/** The first day of the month before the Bangkok day of `at` (decision acc02: a batch is made for last month). */
export function firstOfPreviousMonth(at: Date): string {
  const [y, m] = bangkokDay(at).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
}

/** The Buddhist-era year of an instant's Bangkok day (2026 → 2569). */
export function buddhistYear(at: Date): number {
  return Number(bangkokDay(at).slice(0, 4)) + 543;
}
