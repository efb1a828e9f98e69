/**
 * Calendar days as staff type and read them (spec §9: dd-MM-yyyy) and as the API takes them (yyyy-MM-dd). One place
 * for the rules every date field follows: the separators people use, ddMMyyyy typed without them, and Buddhist-era
 * years (2569 = 2026), which Thai staff often type.
 */

/** yyyy-MM-dd (or a timestamp starting with it) → dd-MM-yyyy; anything else → ''. */
export function isoDayToDisplay(isoDay: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/**
 * dd-MM-yyyy (also d-M-yyyy, dd/MM/yyyy, dd.MM.yyyy or ddMMyyyy) → yyyy-MM-dd; null when it is not a real calendar
 * day. Years from 2400 are Buddhist era and converted; earlier ones are Christian era.
 */
export function displayToIsoDay(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  let year = Number(match[3]);
  if (year >= 2400) year -= 543;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The tidy dd-MM-yyyy form of what was typed, when it reads as a real day and reads back as the same day; else null. */
export function tidyTypedDay(text: string): string | null {
  const iso = displayToIsoDay(text);
  if (!iso) return null;
  const tidy = isoDayToDisplay(iso);
  // A far-future year is not a Buddhist-era one twice: only a form that reads back as the same day is offered.
  return tidy !== text && displayToIsoDay(tidy) === iso ? tidy : null;
}
