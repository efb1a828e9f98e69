import type { Database } from '../../../db/client';
import { examsOfScope } from '../../../auth/data-scope/ae-scope';
import type { ExamImageState } from '../../exam-image-state';
import { NStatus, textOf } from '../normalized-status';
import type { AeScope } from '../qr/query-ae-titles';
import {
  dateTimeOf,
  discontinuationReasonOf,
  mppsStatusOf,
  performedSeriesOf,
  scheduledStepKeysOf,
  settableOf,
  storableAttributes,
} from './mpps-attributes';
import { MppsRepository } from './mpps.repository';

/** Modality Performed Procedure Step SOP Class (PS3.4 F.7.3). */
export const MPPS_SOP_CLASS = '1.2.840.10008.3.1.2.3.3';

/** An N-CREATE or N-SET answer: its status, and the ErrorComment / ErrorID PS3.4 F.7.2.2.4 gives some failures. */
export interface MppsAnswer {
  status: number;
  comment?: string;
  errorId?: number;
  /** Whether the step was linked to an exam (for the log: never which one). */
  linked?: boolean;
}

export interface MppsRequest {
  sopInstanceUid: string;
  callingAe: string;
  elements: Record<string, unknown>;
}

/** What the listener asks of the MPPS SCP. */
export interface MppsSource {
  /** Whether MPPS is offered to a calling AE (the worklist's: an AE that gets no worklist has no step to report). */
  offeredTo(callingAe: string): boolean;
  create(request: MppsRequest): Promise<MppsAnswer>;
  set(request: MppsRequest): Promise<MppsAnswer>;
}

const NO_LONGER_UPDATABLE: MppsAnswer = {
  status: NStatus.ProcessingFailure,
  comment: 'Performed Procedure Step Object may no longer be updated',
  errorId: 0xa710,
};

/**
 * The MPPS SCP (PS3.4 F.7.2): an N-CREATE (IN PROGRESS) stores the step and, when its scheduled step names an exam
 * the AE may see, moves the exam through the exams module's writer (Scheduled → Arrived) with a log line; N-SETs
 * apply to the stored step until it is COMPLETED or DISCONTINUED, which is logged on the exam with what was performed.
 */
export class ModalityPerformedProcedureSteps implements MppsSource {
  private readonly repo: MppsRepository;
  constructor(
    private readonly db: Database,
    private readonly examState: Pick<ExamImageState, 'procedureStarted' | 'procedureEnded'>,
    /** The worklist's AE scopes (DICOM_WORKLIST_AE_SCOPES) and what an unlisted AE gets. */
    private readonly scopes: ReadonlyMap<string, AeScope> = new Map(),
    private readonly unlisted: 'all' | 'refuse' = 'all',
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new MppsRepository(db);
  }

  offeredTo(callingAe: string): boolean {
    return this.unlisted === 'all' || this.scopes.has(callingAe);
  }

  async create({ sopInstanceUid, callingAe, elements }: MppsRequest): Promise<MppsAnswer> {
    if (!this.offeredTo(callingAe)) return { status: NStatus.NotAuthorized };
    const status = mppsStatusOf(elements.PerformedProcedureStepStatus);
    if (status !== 'IN PROGRESS')
      return { status: NStatus.InvalidAttributeValue, comment: 'PerformedProcedureStepStatus must be IN PROGRESS' };
    if (!Array.isArray(elements.ScheduledStepAttributesSequence))
      return { status: NStatus.MissingAttribute, comment: 'ScheduledStepAttributesSequence missing' };
    const scope = this.scopes.get(callingAe);
    const examId = await this.repo.findExam(scheduledStepKeysOf(elements), scope ? examsOfScope(scope) : undefined);
    const station = textOf(elements.PerformedStationAETitle) ?? callingAe;
    const at = this.now();
    const created = await this.db.transaction(async (tx) => {
      const inserted = await this.repo.insert(tx, {
        sopInstanceUid,
        examId: examId ?? null,
        callingAeTitle: callingAe,
        status,
        performedStationAeTitle: station,
        modality: textOf(elements.Modality),
        performedProcedureStepId: textOf(elements.PerformedProcedureStepID),
        startedAt: dateTimeOf(elements.PerformedProcedureStepStartDate, elements.PerformedProcedureStepStartTime),
        performedSeries: performedSeriesOf(elements),
        attributes: storableAttributes(elements),
        createdAt: at,
        updatedAt: at,
      });
      if (inserted && examId) {
        await this.examState.procedureStarted(tx, examId, at, {
          userId: null,
          userName: callingAe,
          action: 'procedureStarted',
          detail: `เริ่มตรวจที่เครื่อง ${station} (MPPS)`,
        });
      }
      return inserted;
    });
    if (!created) return { status: NStatus.DuplicateSopInstance };
    return { status: NStatus.Success, linked: examId !== undefined };
  }

  async set({ sopInstanceUid, callingAe, elements }: MppsRequest): Promise<MppsAnswer> {
    return this.db.transaction(async (tx): Promise<MppsAnswer> => {
      const row = await this.repo.getForUpdate(tx, sopInstanceUid);
      // Another modality's step is none of this AE's business: it does not exist for it.
      if (!row || row.callingAeTitle !== callingAe) return { status: NStatus.NoSuchSopInstance };
      if (row.status !== 'IN PROGRESS') return NO_LONGER_UPDATABLE;
      const hasStatus = elements.PerformedProcedureStepStatus !== undefined;
      const status = hasStatus ? mppsStatusOf(elements.PerformedProcedureStepStatus) : 'IN PROGRESS';
      if (!status) return { status: NStatus.InvalidAttributeValue, comment: 'unknown PerformedProcedureStepStatus' };
      const attributes = { ...row.attributes, ...storableAttributes(settableOf(elements)) };
      const series = performedSeriesOf(attributes);
      // PS3.4 F.7.2-1, final state: a completed step names at least one series (it may hold no image).
      if (status === 'COMPLETED' && series.length === 0)
        return { status: NStatus.MissingAttributeValue, comment: 'PerformedSeriesSequence empty' };
      const reason = status === 'DISCONTINUED' ? discontinuationReasonOf(attributes) : null;
      const at = this.now();
      await this.repo.update(
        tx,
        sopInstanceUid,
        {
          status,
          endedAt: dateTimeOf(attributes.PerformedProcedureStepEndDate, attributes.PerformedProcedureStepEndTime),
          performedSeries: series,
          discontinuationReason: reason,
          attributes,
        },
        at,
      );
      if (row.examId && status !== 'IN PROGRESS') {
        const station = row.performedStationAeTitle ?? callingAe;
        const instances = series.reduce((n, s) => n + s.instances, 0);
        await this.examState.procedureEnded(tx, row.examId, at, status === 'COMPLETED' ? 'completed' : 'discontinued', {
          userId: null,
          userName: callingAe,
          action: status === 'COMPLETED' ? 'procedureCompleted' : 'procedureDiscontinued',
          detail:
            status === 'COMPLETED'
              ? `เครื่องตรวจเสร็จ ${station}: ${series.length} ชุดภาพ ${instances} ภาพ (MPPS)`
              : `เครื่องหยุดตรวจ ${station}${reason ? `: ${reason}` : ''} (MPPS)`,
        });
      }
      return { status: NStatus.Success, linked: row.examId !== null };
    });
  }
}
