/**
 * How documents show values (ARCHITECTURE §4, spec §9): times in Asia/Bangkok as dd-MM-yyyy HH:mm, money from
 * integer satang with 2 decimals and thousands separators, durations as hours:minutes.
 */
const TIME_ZONE = 'Asia/Bangkok';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(d: Date): Record<string, string> {
  return Object.fromEntries(dateParts.formatToParts(d).map((p) => [p.type, p.value]));
}

/** dd-MM-yyyy of an instant, in Bangkok. */
export function formatDate(d: Date | null | undefined): string {
  if (!d || Number.isNaN(d.getTime())) return '';
  const p = parts(d);
  return `${p.day}-${p.month}-${p.year}`;
}

/** dd-MM-yyyy HH:mm of an instant, in Bangkok. */
export function formatDateTime(d: Date | null | undefined): string {
  if (!d || Number.isNaN(d.getTime())) return '';
  const p = parts(d);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** A calendar day yyyy-MM-dd as dd-MM-yyyy (no time zone: the day was chosen already). */
export function formatDay(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : isoDay;
}

/** A month yyyy-MM as MM-yyyy. */
export function formatMonth(isoMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(isoMonth);
  return m ? `${m[2]}-${m[1]}` : isoMonth;
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234567 satang → "12,345.67". */
export function formatMoney(satang: number): string {
  return money.format(Math.round(satang) / 100);
}

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return count.format(n);
}

/** Minutes → "H:MM" (hours may pass 24); '—' when there is no value. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const total = Math.max(0, Math.round(minutes));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** dd-MM-yyyy of an instant in Bangkok with the Buddhist-era year (money documents: 29-11-2569). */
export function formatDateBE(d: Date | null | undefined): string {
  if (!d || Number.isNaN(d.getTime())) return '';
  const p = parts(d);
  return `${p.day}-${p.month}-${Number(p.year) + 543}`;
}

/** A calendar day yyyy-MM-dd as dd-MM-yyyy with the Buddhist-era year. */
export function formatDayBE(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return m ? `${m[3]}-${m[2]}-${Number(m[1]) + 543}` : isoDay;
}
