import { hexTag, keywordOf, tagOfKeyword } from '../parse/dictionary';
import { UID_PATTERN } from '../parse/read-instance';
import { queryError } from './query.errors';

/** QIDO-RS query parameters (PS3.18 §8.3.4) parsed and checked; anything malformed is a 400 before any SQL. */

export type QidoLevel = 'study' | 'series' | 'instance';

export type Match =
  | { tag: string; kind: 'uids'; values: string[] }
  | { tag: string; kind: 'text'; value: string }
  | { tag: string; kind: 'name'; value: string }
  | { tag: string; kind: 'codes'; values: string[] }
  | { tag: string; kind: 'date'; from: string | null; to: string | null }
  | { tag: string; kind: 'int'; value: number };

export interface QidoQuery {
  matches: Match[];
  /** At most MAX_RESULTS: a bigger `limit` is capped, none asks for the maximum (PS3.18 §8.3.4.4). */
  limit: number;
  offset: number;
  fuzzy: boolean;
  includeAll: boolean;
  includeTags: string[];
  /** Standard attributes the query named that this archive does not match on (reported in a Warning header). */
  ignored: string[];
}

/**
 * The most results one QIDO-RS answer holds, whatever `limit` says; more matches get a Warning 299 and are paged with
 * `offset` (decision IO03; the number the conformance statement gives).
 */
export const MAX_RESULTS = 1000;

type Kind = Match['kind'];
const KEYS: Record<QidoLevel, Record<string, Kind>> = {
  study: {
    '0020000D': 'uids', // StudyInstanceUID
    '00100010': 'name', // PatientName
    '00100020': 'text', // PatientID
    '00080050': 'text', // AccessionNumber
    '00080020': 'date', // StudyDate
    '00080061': 'codes', // ModalitiesInStudy
    '00080090': 'name', // ReferringPhysicianName
    '00081030': 'text', // StudyDescription
    '00100030': 'date', // PatientBirthDate
    '00100040': 'codes', // PatientSex
  },
  series: {
    '0020000E': 'uids', // SeriesInstanceUID
    '00080060': 'codes', // Modality
    '00200011': 'int', // SeriesNumber
    '0008103E': 'text', // SeriesDescription
    '00180015': 'codes', // BodyPartExamined
  },
  instance: {
    '00080018': 'uids', // SOPInstanceUID
    '00080016': 'uids', // SOPClassUID
    '00200013': 'int', // InstanceNumber
  },
};

/** The tags matched at a level itself, in order (the conformance statement lists them). */
export function matchingTags(level: QidoLevel): string[] {
  return Object.keys(KEYS[level]);
}

/** The keys usable at a level: its own and those of the levels above (PS3.18 Table 10.6.1-5). */
function keysAt(level: QidoLevel): Record<string, Kind> {
  if (level === 'study') return KEYS.study;
  if (level === 'series') return { ...KEYS.study, ...KEYS.series };
  return { ...KEYS.study, ...KEYS.series, ...KEYS.instance };
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A tag from a keyword ('PatientName') or eight hex digits ('00100010'). */
export function resolveAttribute(name: string): string | undefined {
  if (/^[0-9A-Fa-f]{8}$/.test(name)) return name.toUpperCase();
  if (/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(name)) return tagOfKeyword(name);
  return undefined;
}

function single(name: string, value: string | string[] | undefined): string {
  if (Array.isArray(value)) {
    if (value.length !== 1) throw queryError('QIDO_REPEATED', { name });
    return value[0]!;
  }
  return value ?? '';
}

function checkDate(d: string): boolean {
  if (!/^\d{8}$/.test(d)) return false;
  const m = Number(d.slice(4, 6));
  const day = Number(d.slice(6, 8));
  return m >= 1 && m <= 12 && day >= 1 && day <= 31;
}

function parseValue(name: string, tag: string, kind: Kind, raw: string): Match {
  if (raw.length > 1024 || CONTROL.test(raw)) throw queryError('QIDO_BAD_VALUE', { name });
  switch (kind) {
    case 'uids': {
      const values = raw
        .split(/[,\\]/)
        .map((v) => v.trim())
        .filter(Boolean);
      if (!values.length || values.length > 500 || values.some((v) => v.length > 64 || !UID_PATTERN.test(v)))
        throw queryError('QIDO_EXPECTED_UIDS', { name });
      return { tag, kind, values };
    }
    case 'codes': {
      const values = raw
        .split(/[,\\]/)
        .map((v) => v.trim().toUpperCase())
        .filter(Boolean);
      if (!values.length || values.some((v) => !/^[A-Z0-9 _]{1,16}$/.test(v)))
        throw queryError('QIDO_EXPECTED_CODES', { name });
      return { tag, kind, values };
    }
    case 'date': {
      const m = /^(\d{8})?(-)?(\d{8})?$/.exec(raw.trim());
      if (!m || (!m[1] && !m[3]) || (m[2] === undefined && m[3] !== undefined))
        throw queryError('QIDO_EXPECTED_DATE', { name });
      const from = m[1] ?? null;
      const to = m[2] ? (m[3] ?? null) : from;
      if ((from && !checkDate(from)) || (to && !checkDate(to))) throw queryError('QIDO_NOT_A_DATE', { name });
      if (from && to && from > to) throw queryError('QIDO_BACKWARD_RANGE', { name });
      return { tag, kind, from, to };
    }
    case 'int': {
      if (!/^\s*-?\d{1,9}\s*$/.test(raw)) throw queryError('QIDO_EXPECTED_INTEGER', { name });
      return { tag, kind, value: Number(raw) };
    }
    case 'name':
    case 'text': {
      const value = raw.trim();
      if (!value || value.length > 256) throw queryError('QIDO_EXPECTED_TEXT', { name });
      return { tag, kind, value };
    }
  }
}

/** Parses a QIDO-RS query string (values as Fastify gives them: repeated keys are arrays). */
export function parseQido(level: QidoLevel, query: Record<string, string | string[] | undefined>): QidoQuery {
  const keys = keysAt(level);
  const out: QidoQuery = {
    matches: [],
    limit: MAX_RESULTS,
    offset: 0,
    fuzzy: false,
    includeAll: false,
    includeTags: [],
    ignored: [],
  };
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    switch (name) {
      case 'token':
        continue; // an exam-scoped link token, read by the access guard
      case 'limit': {
        // Any positive count is a valid request; past the maximum it is capped, not refused (PS3.18 §8.3.4.4).
        const v = single(name, value).trim();
        if (!/^\d{1,15}$/.test(v) || Number(v) < 1) throw queryError('QIDO_LIMIT');
        out.limit = Math.min(Number(v), MAX_RESULTS);
        continue;
      }
      case 'offset': {
        const v = single(name, value).trim();
        const max = 10_000_000;
        if (!/^\d{1,9}$/.test(v) || Number(v) > max) throw queryError('QIDO_INTEGER_RANGE', { name, min: 0, max });
        out.offset = Number(v);
        continue;
      }
      case 'fuzzymatching': {
        const v = single(name, value).trim().toLowerCase();
        if (v !== 'true' && v !== 'false') throw queryError('QIDO_FUZZY');
        out.fuzzy = v === 'true';
        continue;
      }
      case 'includefield': {
        for (const item of (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','))) {
          const f = item.trim();
          if (!f) continue;
          if (f === 'all') {
            out.includeAll = true;
            continue;
          }
          const tag = resolveAttribute(f);
          if (!tag) throw queryError('QIDO_UNKNOWN_INCLUDE', { name: f.slice(0, 64) });
          if (out.includeTags.length >= 200) throw queryError('QIDO_TOO_MANY_INCLUDES');
          out.includeTags.push(tag);
        }
        continue;
      }
      default:
        break;
    }
    // Attribute matching: a keyword or a tag; a sequence path (00400275.00401001) is valid but not matched here.
    if (/^([0-9A-Fa-f]{8}|[A-Za-z][A-Za-z0-9]*)(\.([0-9A-Fa-f]{8}|[A-Za-z][A-Za-z0-9]*))+$/.test(name)) {
      if (name.split('.').every((p) => resolveAttribute(p))) {
        out.ignored.push(name);
        continue;
      }
    }
    const tag = resolveAttribute(name);
    if (!tag) throw queryError('QIDO_UNKNOWN_PARAMETER', { name: name.slice(0, 64) });
    if (seen.has(tag)) throw queryError('QIDO_REPEATED', { name });
    seen.add(tag);
    const raw = single(name, value);
    const kind = keys[tag];
    if (!kind) {
      const lower = level !== 'instance' && (KEYS.instance[tag] || (level === 'study' && KEYS.series[tag]));
      if (lower) throw queryError('QIDO_WRONG_LEVEL', { key: keywordOf(tag) ?? tag, level });
      out.ignored.push(keywordOf(tag) ?? hexTag(tag));
      continue;
    }
    if (raw === '') {
      // An empty matching key asks for the attribute to be returned (universal matching).
      out.includeTags.push(tag);
      continue;
    }
    out.matches.push(parseValue(name, tag, kind, raw));
  }
  return out;
}

/** SQL LIKE pattern of a DICOM wildcard value (* any run, ? one character), the user's % and _ taken literally. */
export function likePattern(value: string): string {
  return value
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}

export const hasWildcard = (value: string) => /[*?]/.test(value);

/** A person name as the index stores it for matching: lower case, '^' and '=' as spaces, spaces collapsed. */
export function normalizeName(value: string): string {
  return value.toLowerCase().replace(/[\^=]/g, ' ').replace(/\s+/g, ' ').trim();
}
