import { useCallback, useState } from 'react';
import type { WorklistSearchRun } from '../api/search-exams';
import { DEFAULT_RANGE_DAYS } from '../lib/constants';
import { displayToIsoDay, isoDayToDisplay } from '@/lib/typed-day';
import { addDays, bangkokToday } from '@rangsi/domain';

/** The search panel's fields as typed (dates as dd-MM-yyyy text); '' = not given. */
export interface WorklistFilters {
  examFromDate: string;
  examToDate: string;
  accessionNumber: string;
  hospitalNumber: string;
  patientName: string;
  modalityCode: string;
  patientId: string;
  issuerOfPatientId: string;
  referringPhysicianId: string;
  studyDateFrom: string;
  studyDateTo: string;
  studyTimeFrom: string;
  studyTimeTo: string;
  institutionalDepartment: string;
  sendingApplication: string;
}

export type WorklistFilterField = keyof WorklistFilters;
export type WorklistFilterErrors = Partial<Record<WorklistFilterField, string>>;

const ADVANCED_FIELDS = [
  'patientId',
  'issuerOfPatientId',
  'referringPhysicianId',
  'studyDateFrom',
  'studyDateTo',
  'studyTimeFrom',
  'studyTimeTo',
  'institutionalDepartment',
  'sendingApplication',
] as const satisfies readonly WorklistFilterField[];

const DATE_FIELDS = [
  'examFromDate',
  'examToDate',
  'studyDateFrom',
  'studyDateTo',
] as const satisfies readonly WorklistFilterField[];

/** Spec §2/§9: From Date 3 days ago, To Date today (Bangkok days). */
export function defaultFilters(now = Date.now()): WorklistFilters {
  const today = bangkokToday(now);
  return {
    examFromDate: isoDayToDisplay(addDays(today, -DEFAULT_RANGE_DAYS)),
    examToDate: isoDayToDisplay(today),
    accessionNumber: '',
    hospitalNumber: '',
    patientName: '',
    modalityCode: '',
    patientId: '',
    issuerOfPatientId: '',
    referringPhysicianId: '',
    studyDateFrom: '',
    studyDateTo: '',
    studyTimeFrom: '',
    studyTimeTo: '',
    institutionalDepartment: '',
    sendingApplication: '',
  };
}

export type DateProblem = 'invalidDate' | 'dateOrder' | 'invalidTime';

const TIME_FIELDS = ['studyTimeFrom', 'studyTimeTo'] as const;

/** HH:mm of a time as typed (8:30, 08:30, 0830, 08.30); null when it is not a time of day. */
export function typedTime(value: string): string | null {
  const m = /^(\d{1,2})[:.]?(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

/**
 * The search payload of spec §3 from the typed fields: empty fields left out, dates to yyyy-MM-dd, advanced
 * fields only while the advanced panel is open (hidden fields must not filter silently). Problems per field
 * when a date is unreadable or a range is reversed — the same checks the server makes, caught before a round trip.
 */
export function toExamSearch(
  filters: WorklistFilters,
  advanced: boolean,
): { search: WorklistSearchRun['search']; problems: Partial<Record<WorklistFilterField, DateProblem>> } {
  const problems: Partial<Record<WorklistFilterField, DateProblem>> = {};
  const search: Record<string, string> = {};
  const used = (field: WorklistFilterField) => advanced || !(ADVANCED_FIELDS as readonly string[]).includes(field);

  for (const field of Object.keys(filters) as WorklistFilterField[]) {
    if (!used(field)) continue;
    const value = filters[field].trim();
    if (!value) continue;
    if ((DATE_FIELDS as readonly string[]).includes(field)) {
      const iso = displayToIsoDay(value);
      if (iso === null) problems[field] = 'invalidDate';
      else search[field] = iso;
    } else if ((TIME_FIELDS as readonly string[]).includes(field)) {
      const time = typedTime(value);
      if (time === null) problems[field] = 'invalidTime';
      else search[field] = time;
    } else {
      search[field] = value;
    }
  }
  if (search.examFromDate && search.examToDate && search.examFromDate > search.examToDate)
    problems.examToDate = 'dateOrder';
  if (search.studyDateFrom && search.studyDateTo && search.studyDateFrom > search.studyDateTo)
    problems.studyDateTo = 'dateOrder';
  return { search, problems };
}

export interface WorklistFiltersState {
  filters: WorklistFilters;
  advanced: boolean;
  problems: Partial<Record<WorklistFilterField, DateProblem>>;
  run: WorklistSearchRun;
  setField: (field: WorklistFilterField, value: string) => void;
  setAdvanced: (advanced: boolean) => void;
  /** Runs the search with the fields as typed (page 1). False when a field is wrong; the problems say which. */
  submit: () => boolean;
  /** 7 Days / 14 Days: the last N days up to today, searched at once. */
  quickRange: (days: number) => void;
  setPage: (page: number) => void;
  setClient: (clientId: number | undefined) => void;
  /** The same search again (auto refresh). */
  rerun: () => void;
  /** A hash link to an exam not on the current page: look the accession up on its own, any date. */
  searchAccession: (accession: string) => void;
}

/** The search panel's state and the search run it last applied. */
export function useWorklistFilters(): WorklistFiltersState {
  const [filters, setFilters] = useState(() => defaultFilters());
  const [advanced, setAdvanced] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<WorklistFilterField, DateProblem>>>({});
  const [run, setRun] = useState<WorklistSearchRun>(() => ({
    search: toExamSearch(defaultFilters(), false).search,
    page: 1,
    runAt: Date.now(),
  }));

  const setField = useCallback((field: WorklistFilterField, value: string) => {
    setFilters((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  }, []);

  const apply = useCallback((next: WorklistFilters, nextAdvanced: boolean): boolean => {
    const result = toExamSearch(next, nextAdvanced);
    setProblems(result.problems);
    if (Object.keys(result.problems).length > 0) return false;
    setRun((previous) => ({ search: result.search, page: 1, clientId: previous.clientId, runAt: Date.now() }));
    return true;
  }, []);

  const submit = useCallback(() => apply(filters, advanced), [apply, filters, advanced]);

  const quickRange = useCallback(
    (days: number) => {
      const today = bangkokToday();
      const next = {
        ...filters,
        examFromDate: isoDayToDisplay(addDays(today, -days)),
        examToDate: isoDayToDisplay(today),
      };
      setFilters(next);
      apply(next, advanced);
    },
    [apply, filters, advanced],
  );

  const setPage = useCallback((page: number) => setRun((previous) => ({ ...previous, page, runAt: Date.now() })), []);
  const setClient = useCallback(
    (clientId: number | undefined) => setRun((previous) => ({ ...previous, clientId, page: 1, runAt: Date.now() })),
    [],
  );
  const rerun = useCallback(() => setRun((previous) => ({ ...previous, runAt: Date.now() })), []);

  const searchAccession = useCallback((accession: string) => {
    const next: WorklistFilters = { ...defaultFilters(), examFromDate: '', examToDate: '', accessionNumber: accession };
    setFilters(next);
    setAdvanced(false);
    setProblems({});
    setRun({ search: { accessionNumber: accession }, page: 1, clientId: undefined, runAt: Date.now() });
  }, []);

  return {
    filters,
    advanced,
    problems,
    run,
    setField,
    setAdvanced,
    submit,
    quickRange,
    setPage,
    setClient,
    rerun,
    searchAccession,
  };
}
