/**
 * Times of day as staff type them (spec §9: 24-hour HH:mm, in steps of 5 minutes for exam times and 10 for
 * appointments): "930", "0930", "9.30", "9:30" and "9" all read as a time; minutes off the step are taken to the
 * nearest step, so a typed time is always one the lists would have offered.
 */

const MINUTES_PER_DAY = 24 * 60;

/** Minutes since midnight as HH:mm. */
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** HH:mm (or any typed form above) on the step of `step` minutes; null when it is not a time of day. */
export function tidyTypedTime(text: string, step: number): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?$/.exec(trimmed);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  const rounded = Math.round((hours * 60 + minutes) / step) * step;
  // 23:58 on a 5-minute step is the day's last step, not tomorrow's midnight.
  return minutesToTime(Math.min(rounded, MINUTES_PER_DAY - step));
}

/** The time `delta` steps from `time` (ArrowUp/ArrowDown), wrapping around midnight. */
export function stepTime(time: string, step: number, delta: number): string {
  const tidy = tidyTypedTime(time, step);
  if (!tidy) return minutesToTime(0);
  const [h, m] = tidy.split(':').map(Number) as [number, number];
  return minutesToTime((((h * 60 + m + delta * step) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY);
}

/** Now in Bangkok as HH:mm, rounded down to the step (an exam started "now" has begun, not yet to begin). */
export function bangkokTimeNow(step: number, now = Date.now()): string {
  const local = new Date(now + 7 * 3_600_000);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minutesToTime(Math.floor(minutes / step) * step);
}
