/**
 * A Modality Worklist C-FIND identifier, as dcmjs-dimse hands it over (dcmjs "naturalized" elements: keywords as keys,
 * PN as [{ Alphabetic, Ideographic, Phonetic }], sequences as arrays of items, an internal `_vrMap` key on the data set
 * and on every item), turned into the matching keys we support and the return keys asked for.
 */

/** SQL LIKE pattern (backslash escapes) or an exact value. */
export type StringMatch = { exact: string } | { like: string };

export interface NameMatch {
  /** No '=' in the query: the pattern is matched against either name group (English or Thai). */
  any?: string;
  /** With '=': each group matched against the same group of the answer. */
  alphabetic?: string;
  ideographic?: string;
  /** Longest run of literal non-ASCII text (3+ characters), for the trigram index on the Thai name. */
  thaiLiteral?: string;
}

export interface WorklistQuery {
  patientName?: NameMatch;
  patientId?: StringMatch;
  accessionNumber?: StringMatch;
  studyInstanceUids?: string[];
  modality?: StringMatch;
  stationAeTitle?: StringMatch;
  /** Bangkok calendar days, YYYYMMDD, both inclusive; either may be open. */
  date?: { from?: string; to?: string };
  /** Bangkok time of day, HHMMSS, both inclusive. */
  time?: { from?: string; to?: string };
  /** Top-level keywords asked for, in query order (SpecificCharacterSet and _vrMap excluded). */
  returnKeys: string[];
  /** Keywords asked for inside ScheduledProcedureStepSequence; null = the whole item (empty sequence in the query). */
  spsReturnKeys: string[] | null;
}

export class QueryError extends Error {}

type Elements = Record<string, unknown>;

const SPS = 'ScheduledProcedureStepSequence';

export function parseWorklistQuery(identifier: Elements): WorklistQuery {
  const keys = Object.keys(identifier).filter((k) => k !== '_vrMap' && k !== 'SpecificCharacterSet');
  const q: WorklistQuery = { returnKeys: keys, spsReturnKeys: null };

  const spsValue = identifier[SPS];
  let sps: Elements | null = null;
  if (Array.isArray(spsValue) && spsValue.length > 0 && isRecord(spsValue[0])) {
    sps = spsValue[0];
    const itemKeys = Object.keys(sps).filter((k) => k !== '_vrMap');
    q.spsReturnKeys = itemKeys.length > 0 ? itemKeys : null;
  }

  const name = personName(identifier.PatientName);
  if (name) q.patientName = name;
  const pid = stringMatch(text(identifier.PatientID), 'PatientID');
  if (pid) q.patientId = pid;
  const acc = stringMatch(text(identifier.AccessionNumber), 'AccessionNumber');
  if (acc) q.accessionNumber = acc;
  const uids = listOf(identifier.StudyInstanceUID);
  if (uids.length > 0) {
    for (const u of uids) if (!/^[0-9.]{1,64}$/.test(u)) throw new QueryError('StudyInstanceUID is not a UID list');
    q.studyInstanceUids = uids;
  }
  if (sps) {
    const modality = stringMatch(text(sps.Modality), 'Modality');
    if (modality) q.modality = modality;
    const station = stringMatch(text(sps.ScheduledStationAETitle), 'ScheduledStationAETitle');
    if (station) q.stationAeTitle = station;
    const date = dateRange(text(sps.ScheduledProcedureStepStartDate));
    if (date) q.date = date;
    const time = timeRange(text(sps.ScheduledProcedureStepStartTime));
    if (time) q.time = time;
  }
  return q;
}

function isRecord(v: unknown): v is Elements {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A single string value from a naturalized element ('' when absent or empty); padding removed. */
function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.length === 0 ? '' : text(v[0]);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v.replace(/[\0 ]+$/, '').replace(/^ +/, '');
  return '';
}

function listOf(v: unknown): string[] {
  const raw = Array.isArray(v) ? v.map(text) : text(v).split('\\');
  return raw.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** DICOM wildcard value → SQL LIKE pattern (backslash-escaped), or null when it has no wildcard. */
export function likePattern(value: string): string | null {
  if (!/[*?]/.test(value)) return null;
  let out = '';
  for (const ch of value) {
    if (ch === '*') out += '%';
    else if (ch === '?') out += '_';
    else if (ch === '%' || ch === '_' || ch === '\\') out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function stringMatch(value: string, attr: string): StringMatch | undefined {
  if (value === '' || /^\*+$/.test(value)) return undefined;
  if (value.length > 64) throw new QueryError(`${attr} is too long`);
  const like = likePattern(value);
  return like === null ? { exact: value } : { like };
}

/** PN query → patterns (always LIKE, matched case-insensitively); undefined for universal matching. */
function personName(v: unknown): NameMatch | undefined {
  let alphabetic = '';
  let ideographic = '';
  let grouped = false;
  if (Array.isArray(v) && v.length > 0 && isRecord(v[0])) {
    const pn = v[0];
    alphabetic = text(pn.Alphabetic);
    ideographic = text(pn.Ideographic);
    grouped = ideographic !== '' || text(pn.Phonetic) !== '';
  } else {
    const s = text(v);
    const parts = s.split('=');
    alphabetic = parts[0] ?? '';
    ideographic = parts[1] ?? '';
    grouped = parts.length > 1;
  }
  const pattern = (s: string): string | undefined => {
    const t = s.trim().replace(/\^+$/, '');
    if (t === '' || /^\*+$/.test(t)) return undefined;
    if (t.length > 200) throw new QueryError('PatientName is too long');
    return likePattern(t) ?? escapeLike(t);
  };
  const literal = longestNonAsciiLiteral(`${alphabetic} ${ideographic}`);
  if (!grouped) {
    const any = pattern(alphabetic);
    return any ? { any, ...(literal ? { thaiLiteral: literal } : {}) } : undefined;
  }
  const a = pattern(alphabetic);
  const i = pattern(ideographic);
  if (!a && !i) return undefined;
  return {
    ...(a ? { alphabetic: a } : {}),
    ...(i ? { ideographic: i } : {}),
    ...(literal ? { thaiLiteral: literal } : {}),
  };
}

function longestNonAsciiLiteral(s: string): string | undefined {
  const runs = s.split(/[*?^=\s]+/).filter((r) => r.length >= 3 && /^[^\x00-\x7f]+$/.test(r));
  runs.sort((a, b) => b.length - a.length);
  return runs[0];
}

function validDate(d: string): boolean {
  if (!/^\d{8}$/.test(d)) return false;
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(4, 6));
  const day = Number(d.slice(6, 8));
  const dt = new Date(Date.UTC(y, m - 1, day));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === day;
}

/** DA matching: YYYYMMDD, YYYYMMDD-YYYYMMDD, -YYYYMMDD, YYYYMMDD- (PS3.4 C.2.2.2.5). */
export function dateRange(value: string): { from?: string; to?: string } | undefined {
  const v = value.trim();
  if (v === '' || v === '*') return undefined;
  const m = /^(\d{8})?(-)?(\d{8})?$/.exec(v);
  if (!m || (!m[1] && !m[3]) || (!m[2] && m[3]))
    throw new QueryError('ScheduledProcedureStepStartDate is not a date or date range');
  const from = m[1];
  const to = m[2] ? m[3] : m[1];
  for (const d of [from, to])
    if (d && !validDate(d)) throw new QueryError('ScheduledProcedureStepStartDate is not a valid date');
  if (from && to && from > to) throw new QueryError('ScheduledProcedureStepStartDate range ends before it starts');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

function normalizeTime(t: string, end: boolean): string {
  const m = /^(\d{2})(\d{2})?(\d{2})?(\.\d{1,6})?$/.exec(t);
  if (!m) throw new QueryError('ScheduledProcedureStepStartTime is not a time or time range');
  const hh = Number(m[1]);
  const mm = m[2] !== undefined ? Number(m[2]) : end ? 59 : 0;
  const ss = m[3] !== undefined ? Number(m[3]) : end ? 59 : 0;
  if (hh > 23 || mm > 59 || ss > 60) throw new QueryError('ScheduledProcedureStepStartTime is not a valid time');
  return `${String(hh).padStart(2, '0')}${String(mm).padStart(2, '0')}${String(Math.min(ss, 59)).padStart(2, '0')}`;
}

/** TM matching: HHMM[SS[.F]], ranges and open ranges; a single time matches that minute or second. */
export function timeRange(value: string): { from?: string; to?: string } | undefined {
  const v = value.trim().replace(/:/g, '');
  if (v === '' || v === '*') return undefined;
  const dash = v.indexOf('-');
  if (dash === -1) return { from: normalizeTime(v, false), to: normalizeTime(v, true) };
  const a = v.slice(0, dash);
  const b = v.slice(dash + 1);
  if (!a && !b) throw new QueryError('ScheduledProcedureStepStartTime is not a time range');
  const from = a ? normalizeTime(a, false) : undefined;
  const to = b ? normalizeTime(b, true) : undefined;
  if (from && to && from > to) throw new QueryError('ScheduledProcedureStepStartTime range ends before it starts');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
