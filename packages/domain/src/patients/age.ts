// Building an Intl.DateTimeFormat costs ~70 µs; a worklist page asks for 50 ages, so keep one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whole years from a birth date (yyyy-MM-dd) to a day, one less when the birthday has not come yet that year (spec §5). */
export function ageInYears(birthDate: string | null | undefined, on: Date, timeZone = 'Asia/Bangkok'): number | null {
  if (!birthDate) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate);
  if (!m) return null;
  const [by, bm, bd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const parts = dayFormatter(timeZone).format(on).split('-');
  const [y, mo, d] = parts.map(Number) as [number, number, number];
  let age = y - by;
  if (mo < bm || (mo === bm && d < bd)) age -= 1;
  return age < 0 ? null : age;
}
