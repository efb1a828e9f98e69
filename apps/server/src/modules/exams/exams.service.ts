import type { AssignExam, Exam, ExamSearch, ExamSearchResult, ExamUpdateInformation, Series } from '@rangsi/contract';
import {
  bangkokDayOf,
  expectedReportDate,
  URGENCY_PRESET_MINUTES,
  urgencyToDuration,
  type ReportUrgency,
} from '@rangsi/domain';
import { actorOf, type AuditActor, type AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import { forbidden } from '../../http/domain-error';
import type { AssignableDoctorsRepository } from './assignable-doctors.repository';
import { examConflictWith, examError, examNotFound, notReviewer } from './exams.errors';
import { toExam } from './exams.mapper';
import { PAGE_SIZE, type ExamsRepository } from './exams.repository';
import type { ExamPatch, ExamRecord, ExamStateWriter } from './exam-state';

import { examScopeCondition } from '../../auth/data-scope/exam-scope';
import { groupOrientations } from '../../dicom/parse/orientation';
import type { ExamImages } from '../../dicom/cold/dicom-image-lifecycle';
import type { StudyIdentities } from '../../dicom/identity/study-identities';

/** An exam as the exams service hands it to other modules. */
export type { ExamRecord } from './exam-state';

/** A listener of assignments, run in the exam change's transaction: what it writes or sends commits with it. */
export type ExamAssignedHook = (tx: Database, event: { examId: string; doctorId: string }) => Promise<void>;

type Patch = ExamPatch;
interface Change {
  patch: Patch;
  action: string;
  detail?: string | null;
  also?: Parameters<ExamStateWriter['changeIfVersion']>[4];
}

/** The worklist's rules (spec §4): search, and every exam action with its state check, log line and audit entry. */
export class ExamsService {
  constructor(
    private readonly repo: ExamsRepository,
    private readonly state: ExamStateWriter,
    private readonly doctors: AssignableDoctorsRepository,
    private readonly audit: AuditService,
    private readonly now: () => Date,
    private readonly images: ExamImages,
    /** Exams whose images are on their way (the demo's), shown as arriving rather than as without images. */
    private readonly arriving?: { has(examId: string): boolean },
    /** The identity matched images answer with (decision io30): it follows Edit Exam Information. */
    private readonly studyIdentities?: Pick<StudyIdentities, 'examChanged'>,
    /** Told when an exam goes to a doctor it was not with, inside that change's transaction (decision ln05). */
    private readonly onAssigned?: ExamAssignedHook,
  ) {}

  async search(user: CurrentUser, f: ExamSearch): Promise<ExamSearchResult> {
    if (f.examFromDate && f.examToDate && f.examFromDate > f.examToDate) {
      throw examError('EXAM_BAD_RANGE');
    }
    if (f.studyDateFrom && f.studyDateTo && f.studyDateFrom > f.studyDateTo) {
      throw examError('EXAM_STUDY_DATE_RANGE');
    }
    const page = f.page ?? 1;
    const base = this.repo.searchConditions(f, examScopeCondition(user));
    const isDoctor = user.roleName === 'Doctor';
    const where = isDoctor && f.clientId ? [...base, this.repo.ofClient(f.clientId)] : base;
    const [{ ids, total, totalIsEstimate }, clients] = await Promise.all([
      this.repo.searchPage(where, page),
      isDoctor ? this.repo.openCountsByClient(base) : Promise.resolve(undefined),
    ]);
    const rows = (await this.repo.hydrate(ids)).map((r) => toExam(r, this.arriving));
    await this.audit.record(
      null,
      { action: 'exam.search', entityType: 'exam', detail: { fields: Object.keys(f), results: rows.length } },
      who(user),
    );
    return {
      rows,
      total,
      totalIsEstimate,
      page,
      pageSize: PAGE_SIZE,
      ...(clients
        ? {
            clients: clients
              .filter((c) => c.clientId !== null)
              .map((c) => ({ clientId: c.clientId!, clientName: c.clientName, openCount: c.openCount }))
              .sort((a, b) => b.openCount - a.openCount || a.clientName.localeCompare(b.clientName, 'th')),
          }
        : {}),
    };
  }

  async get(user: CurrentUser, id: string): Promise<Exam> {
    const exam = await this.load(user, id);
    await this.audit.record(
      null,
      { action: 'exam.read', entityType: 'exam', entityId: id, patientId: exam.patientId },
      who(user),
    );
    return this.row(id);
  }

  /** The exam as a worklist row; used by every action's answer. */
  async row(id: string): Promise<Exam> {
    const [r] = await this.repo.hydrate([id]);
    if (!r) throw examNotFound();
    return toExam(r, this.arriving);
  }

  /** Doctor accepts an exam assigned to them (spec §4 Acceptance). */
  accept(user: CurrentUser, id: string, version?: number) {
    return this.act(user, id, version, (e) => {
      if (e.reviewerId !== user.userId) throw notReviewer();
      if (e.status !== 'Assigned') throw examError('EXAM_ACCEPT_STATE');
      return { patch: { status: 'Accepted' }, action: 'accepted' };
    });
  }

  /** Doctor declines an exam assigned to them; it shows their name in red until reassigned. */
  reject(user: CurrentUser, id: string, message: string | undefined, version?: number) {
    return this.act(user, id, version, (e) => {
      if (e.reviewerId !== user.userId) throw notReviewer();
      if (e.status !== 'Assigned' && e.status !== 'Accepted') throw examError('EXAM_REJECT_STATE');
      return {
        patch: { status: 'Rejected', ...(message ? { latestMessage: message } : {}) },
        action: 'rejected',
        detail: message,
      };
    });
  }

  /** Only an exam without an accession number can be deleted (spec §6 EXAM_DELETE); the row is kept, marked deleted. */
  async delete(user: CurrentUser, id: string, version?: number): Promise<{ examId: string }> {
    await this.act(
      user,
      id,
      version,
      (e) => {
        if (e.accessionNumber) throw examError('EXAM_DELETE_STATE');
        return {
          patch: { deletedAt: this.now(), deletedBy: user.userId, deleteReason: 'deleted from worklist' },
          action: 'deleted',
        };
      },
      { returnRow: false },
    );
    return { examId: id };
  }

  async updateInformationOf(user: CurrentUser, id: string) {
    const e = await this.load(user, id);
    return {
      examId: e.id,
      firstName: e.firstName,
      middleName: e.middleName,
      lastName: e.lastName,
      prefixName: e.prefixName,
      suffixName: e.suffixName,
      birthDate: e.birthDate,
    };
  }

  /** Edit Exam Information: the exam's own copy of the patient's name and birth date. */
  async updateInformation(user: CurrentUser, id: string, input: ExamUpdateInformation) {
    if (input.birthDate && input.birthDate > bangkokDayOf(this.now())) throw examError('EXAM_BIRTH_DATE_IN_FUTURE');
    const row = await this.act(user, id, input.version, (e) => {
      const patch: Patch = {
        firstName: input.firstName,
        middleName: input.middleName ?? null,
        lastName: input.lastName ?? null,
        prefixName: input.prefixName ?? null,
        suffixName: input.suffixName ?? null,
        birthDate: input.birthDate ?? null,
      };
      const changed = (Object.keys(patch) as (keyof Patch)[]).filter(
        (k) => (e as Record<string, unknown>)[k] !== patch[k],
      );
      return { patch, action: 'information updated', detail: changed.join(', ') || null };
    });
    const studies = (await this.studyIdentities?.examChanged(id)) ?? [];
    if (studies.length)
      await this.audit.record(
        null,
        {
          action: 'dicom.identity.reconcile',
          entityType: 'exam',
          entityId: id,
          patientId: studies[0]!.patientId,
          detail: { reason: 'exam-information', studies: studies.map((s) => s.studyInstanceUid) },
        },
        actorOf(user)!,
      );
    return row;
  }

  async assignableDoctors(user: CurrentUser, id: string) {
    const e = await this.load(user, id);
    return this.doctors.forClient(e.hospitalId);
  }

  /** Today's duty doctor of a branch; only an all-branches user reads another branch's (decision sec71). */
  dutyDoctor(user: CurrentUser, branchId: number) {
    if (user.scope !== 'all' && user.branchId !== branchId) throw forbidden();
    return this.doctors.onDuty(branchId, bangkokDayOf(this.now()));
  }

  /** Assign Case (spec §4/§5): reviewer, flags, message, urgency and the expected report date. */
  async assign(user: CurrentUser, id: string, input: AssignExam) {
    const current = await this.load(user, id);
    let doctorId = input.doctorId ?? null;
    if (input.isOnDuty && !doctorId)
      doctorId = (await this.doctors.onDuty(current.branchId, bangkokDayOf(this.now())))?.doctorId ?? null;
    let doctorName: string | null = null;
    if (doctorId) {
      const allowed = await this.doctors.forClient(current.hospitalId);
      const doctor = allowed.find((d) => d.doctorId === doctorId);
      if (!doctor) throw examError('EXAM_DOCTOR_NOT_ASSIGNABLE');
      doctorName = doctor.doctorName;
    }
    const urgency = (input.reportUrgency ?? 'NotSpecified') as ReportUrgency;
    const given = { day: input.withInDay, hour: input.withInHour, minute: input.withInMinute };
    const now = this.now();
    const expected =
      expectedReportDate(now, given) ??
      (URGENCY_PRESET_MINUTES[urgency] ? expectedReportDate(now, urgencyToDuration(urgency)) : null);
    return this.act(user, id, input.version, (e) => {
      if (e.status === 'Completed') throw examError('EXAM_COMPLETED');
      const message = input.message?.trim() || null;
      if (!doctorId) {
        return {
          patch: {
            reviewerId: null,
            specificReviewerId: null,
            isSpecific: false,
            isOnDuty: false,
            isChainCase: Boolean(input.isChainCase),
            status: e.hasImage ? 'Arrived' : 'Scheduled',
            expectedAt: null,
            assignedAt: null,
            reportUrgency: 'NotSpecified',
            ...(message ? { latestMessage: message } : {}),
          },
          action: 'unassigned',
          detail: message,
        };
      }
      return {
        patch: {
          reviewerId: doctorId,
          // Turnaround reports time the current reviewer from here; re-assigning the same one keeps the first time.
          assignedAt: e.reviewerId === doctorId && e.assignedAt ? e.assignedAt : now,
          specificReviewerId: input.isSpecific ? doctorId : null,
          isSpecific: Boolean(input.isSpecific),
          isOnDuty: Boolean(input.isOnDuty),
          isChainCase: Boolean(input.isChainCase),
          reportUrgency: urgency,
          expectedAt: expected,
          status: 'Assigned',
          ...(message ? { latestMessage: message } : {}),
        },
        action: 'assigned',
        // A new doctor, or the same one asked again after rejecting or accepting: they are told (not for a mere edit).
        also:
          this.onAssigned && (e.reviewerId !== doctorId || e.status !== 'Assigned')
            ? (tx) => this.onAssigned!(tx, { examId: id, doctorId })
            : undefined,
        detail: [`to ${doctorName}`, urgency !== 'NotSpecified' ? urgency : '', message ?? '']
          .filter(Boolean)
          .join(' · '),
      };
    });
  }

  dicomAudit(
    user: CurrentUser,
    id: string,
    decision: 'approve' | 'reject',
    message: string | undefined,
    version?: number,
  ) {
    return this.act(user, id, version, (e) => {
      if (e.dicomAuditStatus !== 'WaitingForAudit') throw examError('EXAM_DICOM_AUDIT_STATE');
      if (decision === 'reject' && !message) throw examError('EXAM_REASON_REQUIRED');
      return {
        patch: {
          dicomAuditStatus: decision === 'approve' ? 'Approved' : 'Rejected',
          ...(message ? { latestMessage: message } : {}),
        },
        action: decision === 'approve' ? 'dicomApproved' : 'dicomRejected',
        detail: message,
      };
    });
  }

  /**
   * Deleting the images takes them off the exam and hides them at once (QIDO, WADO, series, thumbnails), in the same
   * transaction as the exam's change and log line; a job purges their files and index rows after the grace period
   * (DICOM_PURGE_AFTER_HOURS). Images sent again later link to the exam afresh.
   */
  dicomDelete(user: CurrentUser, id: string, version?: number) {
    return this.act(user, id, version, (e) => {
      if (!e.hasImage) throw examError('EXAM_NO_IMAGES');
      return {
        patch: {
          hasImage: false,
          dicomAuditStatus: '',
          zipStatus: null,
          zipStatusUpdatedAt: null,
          ...(e.status === 'Arrived' ? { status: 'Scheduled' } : {}),
        },
        action: 'dicomDeleted',
        also: async (tx) => {
          await this.images.softDelete(tx, id);
        },
      };
    });
  }

  reportAudit(
    user: CurrentUser,
    id: string,
    decision: 'approve' | 'reject',
    message: string | undefined,
    version?: number,
  ) {
    return this.act(user, id, version, (e) => {
      if (e.reportAuditStatus !== 'WaitingForAudit') throw examError('EXAM_REPORT_AUDIT_STATE');
      if (decision === 'reject' && !message) throw examError('EXAM_REASON_REQUIRED');
      // A rejected report goes back to its reader, with the message, to be corrected.
      const patch: Patch =
        decision === 'approve'
          ? { reportAuditStatus: 'Approved', ...(message ? { latestMessage: message } : {}) }
          : {
              reportAuditStatus: 'Rejected',
              latestMessage: message ?? null,
              status: e.reviewerId ? 'Accepted' : e.status,
            };
      return { patch, action: decision === 'approve' ? 'reportApproved' : 'reportRejected', detail: message };
    });
  }

  /**
   * Unzip an archived exam (spec §4 Zip): a job brings its images back from cold storage, then the exam shows
   * Uploaded (or Error, with the reason in its log). Until then it keeps Archive; zipStatusLastUpdate and the log
   * say the restore was asked for. Asking again while it waits or runs changes nothing; an exam that is not archived
   * (or whose Error is not a failed restore) is answered as it is.
   */
  async unzip(user: CurrentUser, id: string, version?: number): Promise<Exam> {
    const e = await this.load(user, id);
    if (version !== undefined && version !== e.version) throw examConflictWith(await this.row(id));
    if (e.zipStatus !== 'Archive' && e.zipStatus !== 'Error') return this.row(id);
    if (await this.images.restorePending(id)) return this.row(id);
    const cold = await this.images.coldCount(id);
    if (cold === 0) {
      // Nothing in cold storage (marked before the archive existed, or already back): nothing to wait for.
      if (e.zipStatus !== 'Archive') return this.row(id);
      return this.act(user, id, e.version, () => ({
        patch: { zipStatus: 'Uploaded', zipStatusUpdatedAt: this.now() },
        action: 'unzipped',
      }));
    }
    const row = await this.act(user, id, e.version, () => ({
      patch: { zipStatus: 'Archive', zipStatusUpdatedAt: this.now() },
      action: 'unzipRequested',
      detail: `${cold} ภาพ`,
      also: (tx) => this.images.requestRestore(tx, id),
    }));
    this.images.restoreRequested();
    return row;
  }

  async related(user: CurrentUser, id: string): Promise<Exam[]> {
    const e = await this.load(user, id);
    const ids = await this.repo.related(e, examScopeCondition(user));
    return (await this.repo.hydrate(ids)).map((r) => toExam(r, this.arriving));
  }

  /**
   * The viewer's series list: a series whose images have several ImageOrientationPatient values (a localizer with
   * three planes, a tilted block) is listed once per orientation, with the same seriesId and the orientation's key
   * ("1,0,0,0,1,0") in imageOrientationPatient for the viewer URL DicomViewer/{examId}/{seriesId}/{orientation}.
   */
  async series(user: CurrentUser, id: string): Promise<Series[]> {
    const exam = await this.load(user, id);
    const rows = await this.repo.series(id);
    // Spec §7: the exam's branch image cache, probed by the browser before it is used.
    const branchCacheUrl = rows.length ? await this.repo.branchImageCacheUrl(exam.branchId) : null;
    const bySeries = new Map<string, typeof rows>();
    for (const r of rows) bySeries.set(r.seriesId, [...(bySeries.get(r.seriesId) ?? []), r]);
    const out: Series[] = [];
    for (const parts of bySeries.values()) {
      const s = parts[0]!;
      // Groups in acquisition order (their first instance number), like the images were taken.
      const first = (g: { members: { firstInstance: number | null }[] }) =>
        Math.min(...g.members.map((m) => m.firstInstance ?? Number.MAX_SAFE_INTEGER));
      const groups = groupOrientations(parts.map((p) => ({ ...p, weight: p.instances }))).sort(
        (a, b) => first(a) - first(b) || String(a.key).localeCompare(String(b.key)),
      );
      const split = groups.length > 1;
      for (const g of groups) {
        const query = split && g.key ? `?orientation=${encodeURIComponent(g.key)}` : '';
        out.push({
          seriesId: s.seriesId,
          studyId: s.studyId,
          imageOrientationPatient: g.key,
          thumbnail: s.thumbnailKey ? `/api/exam/${id}/series/${s.seriesId}/thumbnail${query}` : null,
          seriesDescription: s.seriesDescription,
          frameNumber: g.members.reduce((n, m) => n + m.frames, 0),
          branchCacheUrl,
        });
      }
    }
    return out;
  }

  /** A log line without a change of the exam's own columns (an upload, a download). */
  async recordEvent(user: CurrentUser, exam: ExamRecord, action: string, detail?: string): Promise<void> {
    await this.state.appendEvent(exam.id, {
      userId: user.userId,
      userName: user.displayName,
      action,
      detail: detail ?? null,
    });
    await this.audit.record(
      null,
      { action: `exam.${action}`, entityType: 'exam', entityId: exam.id, patientId: exam.patientId },
      who(user),
    );
  }

  /** The exam within the user's scope; out of scope is indistinguishable from absent (404). */
  async load(user: CurrentUser, id: string): Promise<ExamRecord> {
    const e = await this.repo.findInScope(id, examScopeCondition(user));
    if (!e) throw examNotFound();
    return e;
  }

  /**
   * One action: load in scope, check the state, write only if the row is still the version checked (or the version
   * the user saw), log it, audit it, answer the fresh row. A lost race is a 409 carrying the winner's row.
   */
  private async act(
    user: CurrentUser,
    id: string,
    version: number | undefined,
    decide: (e: ExamRecord) => Change,
    opts: { returnRow?: boolean } = {},
  ): Promise<Exam> {
    const e = await this.load(user, id);
    if (version !== undefined && version !== e.version) throw examConflictWith(await this.row(id));
    const change = decide(e);
    const updated = await this.state.changeIfVersion(
      id,
      e.version,
      change.patch,
      { userId: user.userId, userName: user.displayName, action: change.action, detail: change.detail },
      change.also,
    );
    if (!updated) {
      const fresh = await this.repo.findInScope(id, examScopeCondition(user));
      throw examConflictWith(fresh ? await this.row(id) : undefined);
    }
    await this.audit.record(
      null,
      {
        action: `exam.${change.action}`,
        entityType: 'exam',
        entityId: id,
        patientId: e.patientId,
        detail: change.detail ? { detail: change.detail } : undefined,
      },
      who(user),
    );
    if (opts.returnRow === false) return undefined as unknown as Exam;
    return this.row(id);
  }
}

/** The audit actor: a person, a person's query token, or a film link (never the link's creator). */
function who(user: CurrentUser): AuditActor {
  return actorOf(user)!;
}
