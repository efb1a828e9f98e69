/** The count-down column's tone: overdue after the expected date, warning with one hour or less left (spec §2). */
export type CountdownTone = 'none' | 'ok' | 'warning' | 'overdue';

export interface Countdown {
  tone: CountdownTone;
  /** Signed minutes to the expected date (negative when overdue). */
  minutes: number;
  /** e.g. "2 วัน 3 ชม.", "45 นาที", "เกิน 1 ชม. 5 นาที". */
  label: string;
}

/** Time left to the expected report date, with its tone and a short Thai label. */
export function countdown(expected: Date | null, now: Date, done = false): Countdown {
  if (!expected || done) return { tone: 'none', minutes: 0, label: '' };
  const minutes = Math.floor((expected.getTime() - now.getTime()) / 60_000);
  const abs = Math.abs(minutes);
  const d = Math.floor(abs / 1440);
  const h = Math.floor((abs % 1440) / 60);
  const m = abs % 60;
  const parts = [d ? `${d} วัน` : '', h ? `${h} ชม.` : '', !d && m ? `${m} นาที` : ''].filter(Boolean);
  const span = parts.length ? parts.join(' ') : '0 นาที';
  if (expected.getTime() <= now.getTime()) return { tone: 'overdue', minutes, label: `เกิน ${span}` };
  return { tone: minutes <= 60 ? 'warning' : 'ok', minutes, label: span };
}
