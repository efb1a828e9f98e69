import { randomUUID } from 'node:crypto';
import type { RequestSave, RequestSaved } from '@rangsi/contract';
import { bangkokDayOf } from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import type { DocumentsService } from '../documents/documents.service';
import type { ExamStateWriter, NewExam } from '../exams/exam-state';
import type { UidataService } from '../uidata/uidata.service';
import { AccessionNumbers } from './accession-numbers';
import { planRequest, type RequestPlan } from './request-plan';
import type { RequestChange, RequestWritesRepository } from './request-writes.repository';
import { accessionTaken, HOLD_REMARK, isUniqueViolation, requestError } from './requests.errors';
import type { RequestsRepository } from './requests.repository';
import type { RequestsService } from './requests.service';

/** What the save service writes through other modules (their services; it never writes their tables). */
export interface RequestSaveDeps {
  reads: RequestsRepository;
  writes: RequestWritesRepository;
  requests: RequestsService;
  examState: ExamStateWriter;
  uidata: UidataService;
  documents: DocumentsService;
  audit: AuditService;
  now: () => Date;
}

const who = (user: CurrentUser) => ({ userId: user.userId, username: user.username });

/**
 * Saving the request form (spec §5): POST /api/request/exam creates the request, its priced lines and one scheduled
 * exam per modality with a new accession number; POST /api/request/edit/{id} saves it again, keeping the exams of
 * kept modalities (their number, assignment and images). Every row of one save is written in one transaction, after
 * the whole form passed its checks (planRequest).
 */
export class RequestSaveService {
  private readonly accession: AccessionNumbers;

  constructor(private readonly deps: RequestSaveDeps) {
    this.accession = new AccessionNumbers(deps.reads, deps.writes);
  }

  async create(user: CurrentUser, input: RequestSave): Promise<RequestSaved> {
    const { reads, writes } = this.deps;
    const forced = input.forceAcceesionNumber || null;
    if (forced) this.accession.mayForce(user);
    const plan = await planRequest(reads, user, input);
    const appointmentAt = this.appointmentOf(input);
    const branch = await reads.branch(plan.hospital.branchId);
    if (forced) await this.accession.checkForced(forced, plan);
    const requestId = randomUUID();
    const saved = await writes
      .transaction(async (tx) => {
        const refs = await this.freeTextEntries(tx, input, plan);
        const status = this.holdFor(user, plan);
        await writes.insertRequest(tx, {
          id: requestId,
          patientId: plan.patient.id,
          branchId: branch.id,
          hospitalId: plan.hospital.id,
          privilegeId: plan.privilegeId,
          appointmentAt,
          isSchedule: input.isSchedule,
          ...this.fieldsOf(input, refs),
          status: status.status,
          statusRemark: status.remark,
          createdBy: user.userId,
        });
        await writes.insertLines(tx, requestId, linesOf(plan));
        if (plan.custom.length > 0) await this.proposeCustom(tx, user, requestId, plan);
        const made = await this.scheduleExams(
          tx,
          user,
          { id: requestId, appointmentAt },
          plan,
          [...plan.modalities.keys()],
          branch,
          refs.doctorName,
          forced,
        );
        await this.deps.documents.attachToRequest(tx, input.documentIds, requestId, user.userId);
        return { status: status.status, exams: made };
      })
      .catch((err: unknown) => {
        // Two saves forcing the same number at once: the unique index decides, and the loser hears why.
        if (forced && isUniqueViolation(err, 'exams_accession_uq')) throw accessionTaken(forced);
        throw err;
      });
    await this.deps.audit.record(
      null,
      {
        action: 'request.create',
        entityType: 'request',
        entityId: requestId,
        patientId: plan.patient.id,
        detail: { exams: saved.exams.length },
      },
      who(user),
    );
    return { requestId, exams: saved.exams, status: saved.status };
  }

  async edit(user: CurrentUser, id: string, input: RequestSave): Promise<RequestSaved> {
    const { reads, writes } = this.deps;
    const existing = await this.deps.requests.loadInScope(user, id);
    if (input.version !== undefined && input.version !== existing.version) throw requestError('REQUEST_CONFLICT');
    const plan = await planRequest(reads, user, input);
    if (plan.patient.id !== existing.patientId) throw requestError('REQUEST_PATIENT_CHANGE');
    if (plan.hospital.branchId !== existing.branchId) throw requestError('REQUEST_BRANCH_CHANGE');
    const appointmentAt =
      input.isSchedule || input.scheduleDateTime ? this.appointmentOf(input) : existing.appointmentAt;
    const branch = await reads.branch(existing.branchId);
    const current = (await reads.examsOf([id])).map((e) => ({ ...e.exam, hasReport: Boolean(e.hasReport) }));
    const wanted = new Set(plan.modalities.keys());
    const removed = current.filter((e) => !wanted.has(e.modalityCode));
    for (const e of removed) {
      if (e.hasImage || e.reviewerId || e.hasReport || e.status !== 'Scheduled')
        throw requestError('REQUEST_REMOVE_EXAM', { code: e.modalityCode });
    }
    const kept = current.filter((e) => wanted.has(e.modalityCode));
    const added = [...wanted].filter((m) => !current.some((e) => e.modalityCode === m));
    const previousCustom = (await reads.latestCustomPrices([id])).get(id);
    const saved = await writes.transaction(async (tx) => {
      const at = this.deps.now();
      const refs = await this.freeTextEntries(tx, input, plan);
      const changed = customChanged(previousCustom, plan.custom);
      const status = changed ? this.holdFor(user, plan) : { status: existing.status, remark: existing.statusRemark };
      const change: RequestChange = {
        hospitalId: plan.hospital.id,
        privilegeId: plan.privilegeId,
        appointmentAt,
        isSchedule: input.isSchedule,
        ...this.fieldsOf(input, refs),
        status: status.status,
        statusRemark: status.remark,
      };
      if (!(await writes.updateIfVersion(tx, id, existing.version, change, at))) throw requestError('REQUEST_CONFLICT');
      await writes.deleteLines(tx, id);
      if (changed) {
        if (previousCustom && (previousCustom.status === 'Pending' || previousCustom.status === 'Approved')) {
          await writes.withdrawCustomPrice(tx, previousCustom.id);
        }
        if (plan.custom.length > 0) await this.proposeCustom(tx, user, id, plan);
      } else if (previousCustom?.status === 'Rejected') {
        // A rejected proposal sent back unchanged is not a price: the lines take the privilege or default price.
        plan.lines = plan.lines.map((l) => ({ ...l, unitPriceSatang: l.baseSatang }));
      }
      await writes.insertLines(tx, id, linesOf(plan));
      for (const e of kept) {
        const products = plan.modalities.get(e.modalityCode)!;
        await this.deps.examState.revise(
          tx,
          e.id,
          {
            description: describe(products),
            bodyPart: products[0]?.bodyPart ?? null,
            hospitalId: plan.hospital.id,
            referringPhysicianName: refs.doctorName,
            // Only an exam still waiting for the patient moves with the appointment; a performed one keeps its time.
            ...(e.status === 'Scheduled' && !e.hasImage ? { examDate: appointmentAt } : {}),
            at,
          },
          { userId: user.userId, userName: user.displayName, action: 'requestEdited', detail: null },
        );
      }
      await this.deps.examState.remove(
        tx,
        removed.map((e) => e.id),
        { userId: user.userId, userName: user.displayName, reason: 'นำออกจากใบส่งตรวจ', at },
      );
      const made = await this.scheduleExams(
        tx,
        user,
        { id, appointmentAt },
        plan,
        added,
        branch,
        refs.doctorName,
        null,
      );
      await this.deps.documents.attachToRequest(tx, input.documentIds, id, user.userId);
      const keptExams = kept.map((e) => ({
        examId: e.id,
        modalityCode: e.modalityCode,
        accessionNumber: e.accessionNumber,
      }));
      return { status: status.status, exams: [...keptExams, ...made] };
    });
    await this.deps.audit.record(
      null,
      {
        action: 'request.update',
        entityType: 'request',
        entityId: id,
        patientId: existing.patientId,
        detail: { added, removed: removed.map((e) => e.modalityCode) },
      },
      who(user),
    );
    return { requestId: id, exams: saved.exams, status: saved.status };
  }

  private appointmentOf(input: RequestSave): Date {
    if (!input.isSchedule || !input.scheduleDateTime) return this.deps.now();
    return new Date(input.scheduleDateTime);
  }

  /** Someone without the approve right proposing a custom price puts the request on Hold until an Administrator decides. */
  private holdFor(user: CurrentUser, plan: RequestPlan): { status: string; remark: string | null } {
    if (plan.custom.length > 0 && !user.permissions.has('REQUEST_CUSTOM_PRICE_APPROVE'))
      return { status: 'Hold', remark: HOLD_REMARK };
    return { status: 'Active', remark: null };
  }

  private async proposeCustom(tx: Database, user: CurrentUser, requestId: string, plan: RequestPlan): Promise<void> {
    const self = user.permissions.has('REQUEST_CUSTOM_PRICE_APPROVE');
    await this.deps.writes.proposeCustomPrice(tx, {
      requestId,
      items: plan.custom,
      status: self ? 'Approved' : 'Pending',
      createdBy: user.userId,
      decidedBy: self ? user.userId : null,
      decidedAt: self ? this.deps.now() : null,
    });
  }

  /** Free-text entries of the pickers ("เพิ่ม "text"") become rows of the hospital or lookup they belong to. */
  private async freeTextEntries(tx: Database, input: RequestSave, plan: RequestPlan) {
    const added = await this.deps.uidata.addRequestFormEntries(tx, plan.hospital.id, {
      doctor: input.hospitalDoctorId ? null : input.hospitalDoctorId_add,
      building: input.hospitalBuildingId ? null : input.hospitalBuildingId_add,
      researchProject: input.researchProjectId ? null : input.researchProjectId_add,
    });
    return {
      doctorId: input.hospitalDoctorId ?? added.doctorId,
      doctorName: plan.doctorName,
      buildingId: input.hospitalBuildingId ?? added.buildingId,
      researchId: input.researchProjectId ?? added.researchProjectId,
    };
  }

  private fieldsOf(
    input: RequestSave,
    refs: { doctorId: number | null; buildingId: number | null; researchId: number | null },
  ) {
    return {
      examStartTime: input.examStartTime ?? null,
      examEndTime: input.examEndTime ?? null,
      paymentMethodId: input.paymentMethodId ?? null,
      hospitalDoctorId: refs.doctorId,
      hospitalBuildingId: refs.buildingId,
      techId: input.techId ?? null,
      researchProjectId: refs.researchId,
      // Blank after trimming is no value (decision WS31).
      researchProjectSubjectId: input.researchProjectSubjectId || null,
      researchProjectSubjectName: input.researchProjectSubjectName || null,
      researchProjectVN: input.researchProjectVN || null,
      allergies: input.allergy,
      additionalFields: input.additionalFields,
      remark: input.remark ?? null,
      nhsoClaimCode: input.nhsoClaimCode ?? null,
    };
  }

  /** One scheduled exam per modality code, numbered (the forced number when there is one), through the exams module. */
  private async scheduleExams(
    tx: Database,
    user: CurrentUser,
    request: { id: string; appointmentAt: Date },
    plan: RequestPlan,
    codes: string[],
    branch: { id: number; code: string; accessionPattern: string },
    doctorName: string | null,
    forced: string | null,
  ) {
    if (codes.length === 0) return [];
    const day = bangkokDayOf(request.appointmentAt);
    const numbers =
      forced && codes.length === 1 ? [forced] : await this.accession.allocate(tx, branch, day, codes.length);
    const rows: NewExam[] = codes.map((code, i) => {
      const products = plan.modalities.get(code) ?? [];
      return {
        id: randomUUID(),
        requestId: request.id,
        branchId: branch.id,
        hospitalId: plan.hospital.id,
        hospitalCode: plan.hospital.code,
        accessionNumber: numbers[i]!,
        modalityCode: code,
        description: describe(products),
        bodyPart: products[0]?.bodyPart ?? null,
        examDate: request.appointmentAt,
        referringPhysicianName: doctorName,
        patient: plan.patient,
      };
    });
    await this.deps.examState.schedule(tx, rows, { userId: user.userId, userName: user.displayName });
    return rows.map((e) => ({ examId: e.id, modalityCode: e.modalityCode, accessionNumber: e.accessionNumber }));
  }
}

function linesOf(plan: RequestPlan) {
  return plan.lines.map((l) => ({
    productId: l.product.id,
    quantity: l.quantity,
    dose: l.dose,
    unitPriceSatang: l.unitPriceSatang,
  }));
}

/** An exam's description: the names of its examination products (spec §5), else of all its products. */
function describe(products: { name: string; productGroup: string }[]): string {
  const examsOnly = products.filter((p) => p.productGroup === 'ตรวจ');
  return (examsOnly.length > 0 ? examsOnly : products).map((p) => p.name).join(', ');
}

function customChanged(
  previous: { status: string; items: { productId: number; priceSatang: number }[] } | undefined,
  next: { productId: number; priceSatang: number }[],
): boolean {
  const live = previous && previous.status !== 'Withdrawn' ? previous.items : [];
  const key = (items: { productId: number; priceSatang: number }[]) =>
    [...items]
      .sort((a, b) => a.productId - b.productId)
      .map((i) => `${i.productId}:${i.priceSatang}`)
      .join(',');
  return key(live) !== key(next);
}
