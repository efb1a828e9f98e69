import type { Report, ReportField } from '@rangsi/contract';
import { addMonths, bangkokToday } from '@rangsi/domain';
import { displayToIsoDay as typedDisplayToIso, isoDayToDisplay as typedIsoToDisplay } from '@/lib/typed-day';

/**
 * The report form's values: what the page starts with (the report's reportParameters, then the route's query string,
 * then the route's id for the hidden field) and what it posts (calendar days as yyyy-MM-dd). Date fields are edited
 * as dd-MM-yyyy (spec §9).
 */
export type FormValues = Record<string, string>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-MM-dd → dd-MM-yyyy; anything else (a value already typed) unchanged. */
export function isoDayToDisplay(isoDay: string): string {
  return ISO_DAY.test(isoDay) ? typedIsoToDisplay(isoDay) : isoDay;
}

/**
 * What a date field holds (typed as any date field takes it, lib/typed-day, or a yyyy-MM-dd from the query string)
 * → yyyy-MM-dd; null when it is not a real day.
 */
export function displayToIsoDay(text: string): string | null {
  const t = text.trim();
  return typedDisplayToIso(ISO_DAY.test(t) ? typedIsoToDisplay(t) : t);
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
export function submitValues(
  fields: readonly ReportField[],
  values: FormValues,
): { values: FormValues } | { errors: Record<string, FieldProblem> } {
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
  const thisMonth = bangkokToday(now).slice(0, 7);
  const months = Array.from({ length: 36 }, (_, i) => addMonths(thisMonth, -i));
  if (/^\d{4}-\d{2}$/.test(current) && !months.includes(current)) months.push(current);
  return months;
}

/** yyyy-MM → MM-yyyy. */
export function monthLabel(isoMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(isoMonth);
  return m ? `${m[2]}-${m[1]}` : isoMonth;
}
