import type { AuditService } from '../../../audit/audit.service';
import type { Database } from '../../../db/client';
import { DomainError } from '../../../http/domain-error';
import { DicomwebRepository } from '../../query/dicomweb.repository';
import { parseQido, type QidoLevel, type QidoQuery } from '../../query/qido';
import { instanceJson, patientJson, seriesJson, studyJson } from '../../query/qido-response';
import type { DicomJson, DicomJsonElement } from '../../parse/dicom-json';
import { tagOfKeyword } from '../../parse/dictionary';
import type { Item } from '../mwl/worklist-encoder';
import type { FindOptions, WorklistAnswer } from '../mwl/worklist';
import { AnswerEncoder } from '../answer-encoder';
import { Status } from '../../uids';
import { isPersonName, dimseText as text } from './dimse-text';
import type { AeScope } from './query-ae-titles';
import { ALL_STUDIES, studyVisibilityForAe } from '../../../auth/data-scope/ae-scope';
import type { SQL } from 'drizzle-orm';

/** Study Root Query/Retrieve Information Model – FIND (PS3.4 C.6.2). */
export const STUDY_ROOT_FIND_SOP_CLASS = '1.2.840.10008.5.1.4.1.2.2.1';
/** Patient Root Query/Retrieve Information Model – FIND (PS3.4 C.6.1). */
export const PATIENT_ROOT_FIND_SOP_CLASS = '1.2.840.10008.5.1.4.1.2.1.1';

/** The Query/Retrieve information model a request uses. */
export type QueryRoot = 'study' | 'patient';

/** What the DIMSE listener asks of the archive's query side: answer one Study Root or Patient Root C-FIND identifier. */
export interface ArchiveQuerySource {
  find(identifier: Record<string, unknown>, opts: ArchiveFindOptions): Promise<WorklistAnswer>;
}

export type ArchiveFindOptions = FindOptions & {
  callingAe: string;
  root?: QueryRoot;
  /** Where the matches can be retrieved from (our AE title): RetrieveAETitle, when asked. */
  retrieveAeTitle?: string;
};

type FindLevel = QidoLevel | 'patient';
const LEVELS: Record<string, FindLevel> = { PATIENT: 'patient', STUDY: 'study', SERIES: 'series', IMAGE: 'instance' };
/** Keys of the levels above each level that a hierarchical query must give as one value (PS3.4 C.4.1.2.2.1). */
const UNIQUE_ABOVE: Record<QueryRoot, Record<FindLevel, string[]>> = {
  study: { patient: [], study: [], series: ['StudyInstanceUID'], instance: ['StudyInstanceUID', 'SeriesInstanceUID'] },
  patient: {
    patient: [],
    study: ['PatientID'],
    series: ['PatientID', 'StudyInstanceUID'],
    instance: ['PatientID', 'StudyInstanceUID', 'SeriesInstanceUID'],
  },
};
/** The unique keys every answer carries at its level and above (PS3.4 C.4.1.2.1). */
const UNIQUE_KEYS: Record<FindLevel, string[]> = {
  patient: ['PatientID'],
  study: ['StudyInstanceUID'],
  series: ['StudyInstanceUID', 'SeriesInstanceUID'],
  instance: ['StudyInstanceUID', 'SeriesInstanceUID', 'SOPInstanceUID'],
};
/** The only keys matched at the PATIENT level (the patient's own attributes). */
const PATIENT_KEYS = new Set(['PatientID', 'PatientName', 'PatientBirthDate', 'PatientSex']);
/** Not attributes to match or return: handled apart. */
const CONTROL_KEYS = new Set(['_vrMap', 'SpecificCharacterSet', 'QueryRetrieveLevel']);

const refusal = (status: number, comment: string): WorklistAnswer => ({ ok: false, status, comment });

/**
 * The archive's Study Root and Patient Root C-FIND SCP: the same search as QIDO-RS (same matching rules and indexes), asked in DIMSE
 * terms by a workstation whose AE title is on the query list (DICOM_QUERY_AE_TITLES). Those AEs see every study, as a
 * user whose scope is all (docs/decisions/in12-workstations-query-retrieve-study-root.md), or those of their branches or hospitals (IN15). Answers carry the keys the query asked for (our values or empty),
 * the unique keys of the level and above, text in the AE's answer character set (AnswerEncoder).
 */
export class ArchiveFind implements ArchiveQuerySource {
  private readonly repo: DicomwebRepository;

  /** `scopes`: what each querying AE may see (IN15); without it, every study (tests of the matching rules). */
  constructor(
    db: Database,
    private readonly audit: AuditService,
    private readonly maxMatches = 1000,
    private readonly scopes?: ReadonlyMap<string, AeScope>,
  ) {
    this.repo = new DicomwebRepository(db);
  }

  async find(identifier: Record<string, unknown>, opts: ArchiveFindOptions): Promise<WorklistAnswer> {
    const root = opts.root ?? 'study';
    const levelName = text(identifier.QueryRetrieveLevel).trim().toUpperCase();
    const level = LEVELS[levelName];
    if (!level || (level === 'patient' && root !== 'patient')) {
      return refusal(
        Status.DataSetMismatch,
        `QueryRetrieveLevel must be ${root === 'patient' ? 'PATIENT, ' : ''}STUDY, SERIES or IMAGE`,
      );
    }
    const keys = Object.keys(identifier).filter((k) => !CONTROL_KEYS.has(k));
    for (const above of UNIQUE_ABOVE[root][level]) {
      const v = text(identifier[above]).trim();
      if (!v || /[\\*?]/.test(v))
        return refusal(Status.DataSetMismatch, `${above} must be one UID at ${levelName} level`);
    }
    const matching: Record<string, string> = {};
    for (const key of keys) {
      const value = identifier[key];
      if (Array.isArray(value) && value.some((v: unknown) => typeof v === 'object' && v !== null && !isPersonName(v)))
        continue; // a sequence: returned empty
      const raw = text(value).trim();
      // Universal matching ('*' alone) is the same as an empty key: return it.
      if (raw !== '' && raw !== '*' && tagOfKeyword(key) && (level !== 'patient' || PATIENT_KEYS.has(key)))
        matching[key] = raw;
    }
    let query: QidoQuery;
    try {
      query = parseQido(level === 'patient' ? 'study' : level, matching);
    } catch (err) {
      if (err instanceof DomainError) return refusal(Status.DataSetMismatch, err.message);
      throw err;
    }
    query.limit = this.maxMatches + 1;
    const all = this.scopes ? studyVisibilityForAe(this.scopes.get(opts.callingAe)) : ALL_STUDIES;
    const extraTags = keys.map((k) => tagOfKeyword(k)).filter((t): t is string => !!t);
    let found: DicomJson[];
    if (level === 'patient') {
      found = (await this.repo.searchPatients(query, all)).map((p) => patientJson(p));
    } else if (level === 'study') {
      const rows = await this.repo.searchStudies(query, all);
      const extra = await this.repo.representativeAttributes(
        'study',
        rows.slice(0, this.maxMatches).map((r) => r.studyInstanceUid),
        extraTags,
      );
      found = rows.map((r) => studyJson(r, '', extra.get(r.studyInstanceUid)));
    } else if (level === 'series') {
      const rows = await this.repo.searchSeries(query, all);
      const extra = await this.repo.representativeAttributes(
        'series',
        rows.slice(0, this.maxMatches).map((r) => r.seriesInstanceUid),
        extraTags,
      );
      found = rows.map((r) => seriesJson(r, '', extra.get(r.seriesInstanceUid)));
    } else {
      const rows = await this.repo.searchInstances(query, all);
      const extra = await this.repo.representativeAttributes(
        'instance',
        rows.slice(0, this.maxMatches).map((r) => r.sopInstanceUid),
        extraTags,
      );
      found = rows.map((r) => instanceJson(r, '', extra.get(r.sopInstanceUid)));
    }
    const truncated = found.length > this.maxMatches;
    await this.addOptionalKeys(found.slice(0, this.maxMatches), level, new Set(keys), opts.retrieveAeTitle, all);
    const returned = [...new Set([...keys, ...(root === 'patient' ? ['PatientID'] : []), ...UNIQUE_KEYS[level]])];
    const encoder = new AnswerEncoder(opts.explicitVr, opts.characterSet);
    const datasets = found.slice(0, this.maxMatches).map((json) => encoder.encode(answerOf(json, levelName, returned)));
    await this.audit.record(null, {
      action: `dicom.find.${level}`,
      entityType: 'dicom',
      detail: { callingAe: opts.callingAe, keys: query.matches.map((m) => m.tag), results: datasets.length },
    });
    return { ok: true, datasets, matches: datasets.length, truncated, fallbacks: encoder.fallbacks };
  }

  /**
   * Optional keys that are not in QIDO's answer, computed only when asked: RetrieveAETitle at every level (PS3.4
   * C.4.1.1.3.2); at the study level SOPClassesInStudy and NumberOfPatientRelatedStudies (the visible studies of the
   * study's PatientID, C.6.2.1.2).
   */
  private async addOptionalKeys(
    found: DicomJson[],
    level: FindLevel,
    keys: ReadonlySet<string>,
    retrieveAeTitle: string | undefined,
    visible: SQL,
  ): Promise<void> {
    if (keys.has('RetrieveAETitle') && retrieveAeTitle)
      for (const json of found) json['00080054'] = { vr: 'AE', Value: [retrieveAeTitle] };
    if (level !== 'study') return;
    const studyOf = (json: DicomJson) => valueOf(json['0020000D']);
    if (keys.has('SOPClassesInStudy')) {
      const classes = await this.repo.sopClassesOfStudies(found.map(studyOf));
      for (const json of found) json['00080062'] = { vr: 'UI', Value: classes.get(studyOf(json)) ?? [] };
    }
    if (keys.has('NumberOfPatientRelatedStudies')) {
      const patientOf = (json: DicomJson) => valueOf(json['00100020']);
      const counts = await this.repo.studyCountsOfPatients(found.map(patientOf).filter(Boolean), visible);
      for (const json of found) {
        const n = counts.get(patientOf(json));
        json['00201200'] = n === undefined ? { vr: 'IS' } : { vr: 'IS', Value: [n] };
      }
    }
  }
}

/** One match as the answer's item: each returned keyword with our value, or empty. */
function answerOf(json: DicomJson, levelName: string, keys: string[]): Item {
  const item: Item = new Map([
    ['SpecificCharacterSet', 'ISO_IR 192'],
    ['QueryRetrieveLevel', levelName],
  ]);
  for (const key of keys) {
    const tag = tagOfKeyword(key);
    const el = tag ? json[tag] : undefined;
    item.set(key, el?.vr === 'SQ' ? [] : valueOf(el));
  }
  return item;
}

/** A DICOM JSON value as DIMSE text. */
function valueOf(el: DicomJsonElement | undefined): string {
  return el?.Value ? text(el.Value) : '';
}
