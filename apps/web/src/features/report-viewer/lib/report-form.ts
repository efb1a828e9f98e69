import type { Report, ReportField } from '@rangsi/contract';

/**
 * The report form's values: what the page starts with (the report's reportParameters, then the route's query string,
 * then the route's id for the hidden field) and what it posts (calendar days as yyyy-MM-dd). Date fields are edited
 * as dd-MM-yyyy (spec §9).
 */
export type FormValues = Record<string, string>;

/** yyyy-MM-dd → dd-MM-yyyy; anything else unchanged. */
export function isoDayToDisplay(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : isoDay;
}

/**
 * dd-MM-yyyy (also d-M-yyyy, dd/MM/yyyy, dd.MM.yyyy, ddMMyyyy, or yyyy-MM-dd) → yyyy-MM-dd; null when it is not a real
 * day. A Buddhist-era year (2569 = 2026), as Thai staff often type it, is converted.
 */
export function displayToIsoDay(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const m = iso ? [t, iso[3], iso[2], iso[1]] : (/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t));
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  let year = Number(m[3]);
  if (year >= 2400) year -= 543;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** The values the form starts with. */
export function initialValues(report: Report, search: URLSearchParams, routeId?: string): FormValues {
  const values: FormValues = {};
  for (const p of report.reportParameters) values[p.parameterName] = p.value;
  for (const f of report.fields) {
    const fromQuery = search.get(f.name);
    if (fromQuery !== null) values[f.name] = fromQuery;
    if (f.kind === 'hidden' && routeId !== undefined && fromQuery === null) values[f.name] = routeId;
    values[f.name] ??= '';
    if (f.kind === 'date') values[f.name] = isoDayToDisplay(values[f.name]!);
  }
  return values;
}

export type FieldProblem = 'required' | 'badDate';

/** The values to post, or the first problem of each field (required and unreadable days). */
export function submitValues(fields: readonly ReportField[], values: FormValues): { values: FormValues } | { errors: Record<string, FieldProblem> } {
  const out: FormValues = {};
  const errors: Record<string, FieldProblem> = {};
  for (const f of fields) {
    const raw = (values[f.name] ?? '').trim();
    if (raw === '') {
      if (f.required) errors[f.name] = 'required';
      out[f.name] = '';
      continue;
    }
    if (f.kind === 'date') {
      const iso = displayToIsoDay(raw);
      if (iso === null) errors[f.name] = 'badDate';
      else out[f.name] = iso;
      continue;
    }
    out[f.name] = raw;
  }
  return Object.keys(errors).length > 0 ? { errors } : { values: out };
}

/** The months a month field offers: the 36 up to this one, newest first, and the current value if older. */
export function monthChoices(now: Date, current: string): string[] {
  const y = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric' }).format(now));
  const m = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', month: 'numeric' }).format(now));
  const months = Array.from({ length: 36 }, (_, i) => new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 7));
  if (/^\d{4}-\d{2}$/.test(current) && !months.includes(current)) months.push(current);
  return months;
}

/** yyyy-MM → MM-yyyy. */
export function monthLabel(isoMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(isoMonth);
  return m ? `${m[2]}-${m[1]}` : isoMonth;
}
