import type { Database } from '../../../db/client';
import type { ExamImageState } from '../../exam-image-state';
import { Status } from '../../uids';
import { projectAnswer, type Item } from './worklist-encoder';
import { AnswerEncoder } from '../answer-encoder';
import type { AnswerCharacterSet } from '../ae-character-sets';
import { parseWorklistQuery, QueryError } from './worklist-query';
import { WorklistRepository, type WorklistRow } from './worklist.repository';
import type { AeScope } from '../qr/query-ae-titles';
import { examsOfScope } from '../../../auth/data-scope/ae-scope';

export type WorklistAnswer =
  /** `fallbacks`: answers written in ISO_IR 192 for want of a character in the AE's set (AnswerEncoder). */
  | { ok: true; datasets: Buffer[]; matches: number; truncated: boolean; fallbacks?: number }
  | { ok: false; status: number; comment: string };

/** How one C-FIND is answered: its context's VR encoding, who asks, and the character set its answers go in. */
export interface FindOptions {
  explicitVr: boolean;
  callingAe?: string;
  characterSet?: AnswerCharacterSet;
}

/** What the DIMSE listener asks of a worklist: answer one C-FIND identifier (naturalized by dcmjs-dimse). */
export interface WorklistSource {
  find(identifier: Record<string, unknown>, opts: FindOptions): Promise<WorklistAnswer>;
  /** Whether the worklist is offered to a calling AE at all (absent: to every AE). */
  offeredTo?(callingAe: string): boolean;
}

/** What a modality AE not listed in the scopes gets: every scheduled exam, or no worklist (refused at association). */
export type UnlistedWorklistAes = 'all' | 'refuse';

const SEX: Record<string, string> = { Male: 'M', Female: 'F', M: 'M', F: 'F', Other: 'O', O: 'O' };

/** RequestedProcedureID / ScheduledProcedureStepID (SH, 16 characters): the accession number, else the exam id's first 16 hex digits. */
function procedureId(row: WorklistRow): string {
  return row.accessionNumber && row.accessionNumber.length <= 16
    ? row.accessionNumber
    : row.id.replaceAll('-', '').slice(0, 16);
}

/** PN: "English=Thai" when the patient has an English name, else the Thai name alone (see docs/decisions/dn6-modality-worklist-answers.md). */
export function patientNameOf(row: Pick<WorklistRow, 'englishName' | 'thaiName'>): string {
  return row.englishName ? `${row.englishName}=${row.thaiName}` : row.thaiName;
}

/**
 * The Modality Worklist C-FIND SCP's data: Scheduled exams of the `exams` table; for a modality AE listed in `scopes`
 * (DICOM_WORKLIST_AE_SCOPES), only those of its branches or client hospitals (IN15). An AE not listed sees every
 * scheduled exam, or, with `unlisted` 'refuse' (DICOM_WORKLIST_UNLISTED), is not offered the worklist.
 */
export class ModalityWorklist implements WorklistSource {
  private readonly repo: WorklistRepository;
  constructor(
    db: Database,
    /** The exams module's writer: an exam offered without a StudyInstanceUID gets one, kept for its images. */
    private readonly examState: Pick<ExamImageState, 'ensureStudyInstanceUid'>,
    private readonly maxMatches = 500,
    private readonly scopes?: ReadonlyMap<string, AeScope>,
    private readonly unlisted: UnlistedWorklistAes = 'all',
  ) {
    this.repo = new WorklistRepository(db);
  }

  offeredTo(callingAe: string): boolean {
    return this.unlisted === 'all' || (this.scopes?.has(callingAe) ?? false);
  }

  async find(identifier: Record<string, unknown>, opts: FindOptions): Promise<WorklistAnswer> {
    let query;
    try {
      query = parseWorklistQuery(identifier);
    } catch (err) {
      if (err instanceof QueryError) return { ok: false, status: Status.DataSetMismatch, comment: err.message };
      throw err;
    }
    // Negotiation already refused an AE the worklist is not offered to; this answers nothing should one get here.
    if (!this.offeredTo(opts.callingAe ?? '')) return { ok: true, datasets: [], matches: 0, truncated: false };
    const scope = opts.callingAe === undefined ? undefined : this.scopes?.get(opts.callingAe);
    const rows = await this.repo.find(query, this.maxMatches + 1, scope ? examsOfScope(scope) : undefined);
    const truncated = rows.length > this.maxMatches;
    const datasets: Buffer[] = [];
    const encoder = new AnswerEncoder(opts.explicitVr, opts.characterSet);
    for (const row of rows.slice(0, this.maxMatches)) {
      const studyUid = row.studyInstanceUid ?? (await this.examState.ensureStudyInstanceUid(row.id));
      const { full, sps } = itemsOf(row, studyUid);
      datasets.push(encoder.encode(projectAnswer(full, sps, query.returnKeys, query.spsReturnKeys)));
    }
    const matches = Math.min(rows.length, this.maxMatches);
    return { ok: true, datasets, matches, truncated, fallbacks: encoder.fallbacks };
  }
}

function itemsOf(row: WorklistRow, studyUid: string): { full: Item; sps: Item } {
  const id = procedureId(row);
  const sps: Item = new Map<string, string>([
    ['Modality', row.modality],
    ['ScheduledStationAETitle', row.stationAeTitle ?? ''],
    ['ScheduledProcedureStepStartDate', row.startDate],
    ['ScheduledProcedureStepStartTime', row.startTime],
    ['ScheduledPerformingPhysicianName', ''],
    ['ScheduledProcedureStepDescription', row.description],
    ['ScheduledProcedureStepID', id],
    ['ScheduledProcedureStepStatus', 'SCHEDULED'],
  ]);
  const full: Item = new Map<string, string | Item[]>([
    ['AccessionNumber', row.accessionNumber ?? ''],
    ['InstitutionName', row.institutionName ?? ''],
    ['ReferringPhysicianName', row.referringPhysicianName ?? ''],
    ['PatientName', patientNameOf(row)],
    ['PatientID', row.hn],
    ['IssuerOfPatientID', row.issuerOfPatientId ?? ''],
    ['PatientBirthDate', row.birthDate ?? ''],
    ['PatientSex', SEX[row.gender ?? ''] ?? ''],
    ['StudyInstanceUID', studyUid],
    ['RequestedProcedureDescription', row.description],
    ['RequestedProcedureID', id],
    ['ScheduledProcedureStepSequence', [sps]],
  ]);
  return { full, sps };
}
