import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RequestDetail, RequestSave, RequestSaved, RequestSearch, RequestSearchResult } from '@rangsi/contract';
import {
  ageInYears,
  examStatusFlags,
  formatAccessionNumber,
  FORCED_ACCESSION_FORMAT,
  isAutomaticAccessionNumber,
  requiredRequestDocumentCodes,
  satangToBaht,
  CONTRAST_PRODUCT_GROUP,
  BANGKOK_OFFSET_MS,
  bangkokDayOf,
  bangkokDayStart,
} from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import {
  customPrices,
  documents,
  exams,
  hospitalBuildings,
  hospitalDoctors,
  lookups,
  requestProducts,
  requests,
} from '../../db/schema/index';
import { DomainError } from '../../http/domain-error';
import { patientScopeCondition } from '../../auth/data-scope/patient-scope';
import { planRequest, type RequestPlan } from './request-plan';
import { requestScopeCondition } from '../../auth/data-scope/request-scope';
import { accessionTaken, badRequest, isUniqueViolation, requestConflict, requestNotFound, RQ } from './requests.errors';
import { PAGE_SIZE, type RequestRow, type RequestsRepository } from './requests.repository';
import {
  EMPTY_BILLING_FACTS,
  NO_REQUEST_BILLING,
  type BillableRequest,
  type RequestBillingPort,
} from './request-billing-port';

function dicomDateTime(at: Date): { date: string; time: string } {
  const local = new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10).replaceAll('-', ''), time: local.slice(11, 19).replaceAll(':', '') };
}
function fullName(p: {
  prefixTh: string | null;
  firstNameTh: string;
  middleNameTh: string | null;
  lastNameTh: string | null;
}): string {
  return [`${p.prefixTh ?? ''}${p.firstNameTh}`, p.middleNameTh, p.lastNameTh].filter(Boolean).join(' ');
}
const who = (user: CurrentUser) => ({ userId: user.userId, username: user.username });

/** Imaging requests (spec §3 Request, §4 Hold, §5 Request form): search, save with their exams, delete, custom prices. */
export class RequestsService {
  private billing: RequestBillingPort = NO_REQUEST_BILLING;

  constructor(
    private readonly repo: RequestsRepository,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The billing module wires itself in here (it is built after requests, which it depends on). */
  useBilling(port: RequestBillingPort): void {
    this.billing = port;
  }

  /** Live requests of a hospital (and privilege) with appointments in [from, to), oldest first: the billing search. */
  billable(q: {
    branchId: number | null;
    hospitalId: number;
    privilegeId: number | null;
    from: Date;
    to: Date;
    limit: number;
  }): Promise<BillableRequest[]> {
    return this.repo.billable(q);
  }

  /** The billing facts of these requests, for re-checking a batch and showing its lines. */
  billableByIds(ids: string[]): Promise<BillableRequest[]> {
    return this.repo.billableByIds(ids);
  }

  search(user: CurrentUser, q: RequestSearch): Promise<RequestSearchResult> {
    return this.page(user, q);
  }

  private async page(user: CurrentUser, q: RequestSearch, patientId?: string): Promise<RequestSearchResult> {
    const page = q.page ?? 1;
    if (q.startDate && q.endDate && q.endDate < q.startDate)
      throw new DomainError(400, 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น', 'BAD_RANGE');
    const where = [
      requestScopeCondition(user),
      ...this.repo.searchConditions({
        patientId,
        from: q.startDate ? bangkokDayStart(q.startDate) : undefined,
        to: q.endDate ? bangkokDayStart(q.endDate, 1) : undefined,
        hn: q.hn,
        nationalId: q.nationalId,
        patientName: q.patientName,
        accessionNumber: q.accessionNumber,
        modalityCode: q.modalityCode,
      }),
    ];
    const [{ rows, total, totalIsEstimate }, docTypes] = await Promise.all([
      this.repo.searchPage(where, page),
      this.repo.lookupsOf(['requestDocument']),
    ]);
    const billing = await this.billing.billingFactsOf(rows.map((r) => r.id));
    await this.audit.record(
      null,
      { action: 'request.search', entityType: 'request', detail: { fields: Object.keys(q), results: rows.length } },
      who(user),
    );
    const today = this.now();
    return {
      page,
      pageSize: PAGE_SIZE,
      total,
      totalIsEstimate,
      rows: rows.map((r) => {
        const b = billing.get(r.id) ?? EMPTY_BILLING_FACTS;
        return {
          requestId: r.id,
          appointmentDate: r.appointmentAt.toISOString(),
          hn: r.hn,
          patientName: fullName(r),
          status: r.status,
          statusRemark: r.statusRemark,
          exams: r.exams.map((e) => ({
            examId: e.id,
            accessionNumber: e.accessionNumber,
            modalityCode: e.modalityCode,
            status: examStatusFlags({
              hasDocument: e.hasDocument,
              hasImage: e.hasImage,
              isAssigned: e.isAssigned,
              hasReport: e.hasReport,
            }),
            zipStatus: e.zipStatus,
            branchId: e.branchId,
          })),
          missingDocumentNames: missingDocuments(r.products, r.documentTypeIds, docTypes),
          allowToClickInvoice: Boolean(r.examStartTime) && r.status !== 'Hold',
          isCreatedAccountDocument: b.invoiceNo !== null,
          customPriceId: r.customPrice?.id ?? null,
          customPriceStatus: r.customPrice?.status ?? null,
          paidBillingId: b.paidBillingId,
          latestBillingId: b.latestBillingId,
          latestBillingDocumentId: b.latestBillingDocumentId,
          patientInfo: {
            patientId: r.patientId,
            gender: r.gender,
            age: r.birthDate ? ageInYears(r.birthDate, today) : r.statedAge,
          },
        };
      }),
    };
  }

  /** POST /api/request/exam: the request, its priced lines, and one scheduled exam per modality with a new accession number. */
  async create(user: CurrentUser, input: RequestSave): Promise<RequestSaved> {
    const forced = input.forceAcceesionNumber || null;
    if (forced) this.mayForceAccession(user);
    const plan = await planRequest(this.repo, user, input);
    const appointmentAt = this.appointmentOf(input);
    const branch = await this.repo.branch(plan.hospital.branchId);
    if (forced) await this.checkForcedAccession(forced, plan);
    const requestId = randomUUID();
    const saved = await this.repo.db
      .transaction(async (txRaw) => {
        const tx: Database = txRaw;
        const refs = await this.freeTextEntries(tx, input, plan);
        const status = this.holdFor(user, plan);
        await tx.insert(requests).values({
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
        await this.writeLines(tx, requestId, plan);
        if (plan.custom.length > 0) await this.proposeCustom(tx, user, requestId, plan);
        const made = await this.makeExams(
          tx,
          user,
          { id: requestId, appointmentAt },
          plan,
          [...plan.modalities.keys()],
          branch,
          refs.doctorName,
          forced,
        );
        await this.attachDocuments(tx, user, requestId, input.documentIds);
        return { status: status.status, exams: made };
      })
      .catch((err: unknown) => {
        // Two saves forcing the same number at once: the unique index decides, and the loser hears why.
        if (forced && isUniqueViolation(err, 'exams_accession_uq')) throw accessionTaken(forced);
        throw err;
      });
    await this.audit.record(
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

  /** POST /api/request/edit/{id}: saves the form; exams of kept modalities keep their number, assignment and images. */
  async edit(user: CurrentUser, id: string, input: RequestSave): Promise<RequestSaved> {
    const existing = await this.loadInScope(user, id);
    if (input.version !== undefined && input.version !== existing.version) throw requestConflict();
    const plan = await planRequest(this.repo, user, input);
    if (plan.patient.id !== existing.patientId) throw requestConflict('เปลี่ยนผู้ป่วยของใบส่งตรวจไม่ได้');
    if (plan.hospital.branchId !== existing.branchId) throw new DomainError(400, RQ.branchChange, 'BRANCH_CHANGE');
    const appointmentAt =
      input.isSchedule || input.scheduleDateTime ? this.appointmentOf(input) : existing.appointmentAt;
    const branch = await this.repo.branch(existing.branchId);
    const current = (await this.repo.examsOf([id])).map((e) => ({ ...e.exam, hasReport: Boolean(e.hasReport) }));
    const wanted = new Set(plan.modalities.keys());
    const removed = current.filter((e) => !wanted.has(e.modalityCode));
    for (const e of removed) {
      if (e.hasImage || e.reviewerId || e.hasReport || e.status !== 'Scheduled')
        throw requestConflict(RQ.removeExam(e.modalityCode));
    }
    const added = [...wanted].filter((m) => !current.some((e) => e.modalityCode === m));
    const previousCustom = (await this.repo.latestCustomPrices([id])).get(id);
    const saved = await this.repo.db.transaction(async (txRaw) => {
      const tx: Database = txRaw;
      const refs = await this.freeTextEntries(tx, input, plan);
      const changed = customChanged(previousCustom, plan.custom);
      const status = changed ? this.holdFor(user, plan) : { status: existing.status, remark: existing.statusRemark };
      const [updated] = await tx
        .update(requests)
        .set({
          hospitalId: plan.hospital.id,
          privilegeId: plan.privilegeId,
          appointmentAt,
          isSchedule: input.isSchedule,
          ...this.fieldsOf(input, refs),
          status: status.status,
          statusRemark: status.remark,
          updatedAt: this.now(),
          version: sql`${requests.version} + 1`,
        })
        .where(and(eq(requests.id, id), eq(requests.version, existing.version), isNull(requests.deletedAt)))
        .returning({ id: requests.id });
      if (!updated) throw requestConflict();
      await tx.delete(requestProducts).where(eq(requestProducts.requestId, id));
      if (changed) {
        if (previousCustom && (previousCustom.status === 'Pending' || previousCustom.status === 'Approved')) {
          await tx.update(customPrices).set({ status: 'Withdrawn' }).where(eq(customPrices.id, previousCustom.id));
        }
        if (plan.custom.length > 0) await this.proposeCustom(tx, user, id, plan);
      } else if (previousCustom?.status === 'Rejected') {
        // A rejected proposal sent back unchanged is not a price: the lines take the privilege or default price.
        plan.lines = plan.lines.map((l) => ({ ...l, unitPriceSatang: l.baseSatang }));
      }
      await this.writeLines(tx, id, plan);
      for (const e of current) {
        const products = plan.modalities.get(e.modalityCode);
        if (!products) continue;
        await tx
          .update(exams)
          .set({
            description: describe(products),
            bodyPart: products[0]?.bodyPart ?? null,
            hospitalId: plan.hospital.id,
            referringPhysicianName: refs.doctorName,
            // Only an exam still waiting for the patient moves with the appointment; a performed one keeps its time.
            ...(e.status === 'Scheduled' && !e.hasImage
              ? { examDate: appointmentAt, ...studyDateOf(appointmentAt) }
              : {}),
            updatedAt: this.now(),
            version: sql`${exams.version} + 1`,
          })
          .where(eq(exams.id, e.id));
      }
      for (const e of removed) {
        await tx
          .update(exams)
          .set({ deletedAt: this.now(), deletedBy: user.userId, deleteReason: 'นำออกจากใบส่งตรวจ' })
          .where(eq(exams.id, e.id));
      }
      const made = await this.makeExams(tx, user, { id, appointmentAt }, plan, added, branch, refs.doctorName, null);
      await this.repo.logExams(
        tx,
        current
          .filter((e) => wanted.has(e.modalityCode))
          .map((e) => ({
            examId: e.id,
            userId: user.userId,
            userName: user.displayName,
            action: 'requestEdited',
            detail: null,
          })),
      );
      await this.attachDocuments(tx, user, id, input.documentIds);
      const kept = current
        .filter((e) => wanted.has(e.modalityCode))
        .map((e) => ({ examId: e.id, modalityCode: e.modalityCode, accessionNumber: e.accessionNumber }));
      return { status: status.status, exams: [...kept, ...made] };
    });
    await this.audit.record(
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

  async get(user: CurrentUser, id: string): Promise<RequestDetail> {
    const r = await this.loadInScope(user, id);
    const patient = await this.repo.patient(r.patientId, sql`true`);
    const [examRows, lines, customs, docs] = await Promise.all([
      this.repo.examsOf([id]),
      this.repo.lines(id),
      this.repo.latestCustomPrices([id]),
      this.repo.requestDocuments([id]),
    ]);
    const [privilege, doctor, building] = await Promise.all([
      r.privilegeId ? this.repo.privilege(r.privilegeId) : undefined,
      r.hospitalDoctorId ? this.repo.doctor(r.hospitalDoctorId) : undefined,
      r.hospitalBuildingId ? this.repo.building(r.hospitalBuildingId) : undefined,
    ]);
    const custom = customs.get(id);
    await this.audit.record(
      null,
      { action: 'request.read', entityType: 'request', entityId: id, patientId: r.patientId },
      who(user),
    );
    const modalities: Record<string, number[]> = {};
    for (const { product } of lines) {
      if (!examRows.some((e) => e.exam.modalityCode === product.modalityCode)) continue;
      (modalities[product.modalityCode] ??= []).push(product.id);
    }
    const total = lines.reduce((n, l) => n + l.line.unitPriceSatang * l.line.quantity, 0);
    return {
      requestId: r.id,
      patientId: r.patientId,
      patient: {
        patientId: r.patientId,
        hn: patient?.hn ?? '',
        name: patient ? fullName(patient) : '',
        gender: patient?.gender ?? 'Unknown',
        age: patient?.birthDate ? ageInYears(patient.birthDate, this.now()) : (patient?.statedAge ?? null),
        hasImage: Boolean(patient?.imageKey),
      },
      branchId: r.branchId,
      modalities,
      scheduleDateTime: r.appointmentAt.toISOString(),
      isSchedule: r.isSchedule,
      examStartTime: r.examStartTime,
      examEndTime: r.examEndTime,
      allergy: r.allergies,
      hospitalId: r.hospitalId,
      privilageId: r.privilegeId,
      privilageName: privilege?.name ?? null,
      paymentMethodId: r.paymentMethodId,
      hospitalDoctorId: r.hospitalDoctorId,
      hospitalDoctor: doctor?.name ?? null,
      hospitalBuildingId: r.hospitalBuildingId,
      hospitalBuilding: building?.name ?? null,
      techId: r.techId,
      productQuantity: Object.fromEntries(lines.map((l) => [String(l.product.id), l.line.quantity])),
      productDose: Object.fromEntries(
        lines.filter((l) => l.line.dose).map((l) => [String(l.product.id), l.line.dose!]),
      ),
      researchProjectId: r.researchProjectId,
      researchProjectSubjectId: r.researchProjectSubjectId,
      researchProjectSubjectName: r.researchProjectSubjectName,
      researchProjectVN: r.researchProjectVN,
      remark: r.remark,
      additionalFields: r.additionalFields,
      customProductPrice: custom
        ? {
            customPriceId: custom.id,
            status: custom.status,
            items: custom.items.map((i) => ({ productId: i.productId, price: satangToBaht(i.priceSatang) })),
          }
        : null,
      status: r.status,
      statusRemark: r.statusRemark,
      nhsoClaimCode: r.nhsoClaimCode,
      exams: examRows.map((e) => ({
        examId: e.exam.id,
        accessionNumber: e.exam.accessionNumber,
        modalityCode: e.exam.modalityCode,
        examStatus: e.exam.status,
        description: e.exam.description,
        zipStatus: e.exam.zipStatus,
        branchId: e.exam.branchId,
        status: examStatusFlags({
          hasDocument: Boolean(e.hasDocument),
          hasImage: e.exam.hasImage,
          isAssigned: Boolean(e.exam.reviewerId),
          hasReport: Boolean(e.hasReport),
        }),
      })),
      lines: lines.map((l) => ({
        productId: l.product.id,
        modalityCode: l.product.modalityCode,
        name: l.product.name,
        productGroup: l.product.productGroup,
        quantity: l.line.quantity,
        dose: l.line.dose,
        unitPrice: satangToBaht(l.line.unitPriceSatang),
        total: satangToBaht(l.line.unitPriceSatang * l.line.quantity),
      })),
      totalPrice: satangToBaht(total),
      documents: docs
        .filter((d) => d.kind === 'requestDocument')
        .map((d) => ({
          documentId: d.id,
          fileName: d.fileName,
          modalityCode: d.modalityCode,
          documentTypeId: d.typeId,
        })),
      version: r.version,
    };
  }

  /** GET /api/request/patient/{id}: the patient's requests in the user's scope, newest first. */
  async byPatient(user: CurrentUser, patientId: string): Promise<RequestSearchResult> {
    if (!(await this.repo.patient(patientId, patientScopeCondition(user))))
      throw new DomainError(404, RQ.patient, 'PATIENT_NOT_FOUND');
    return this.page(user, { page: 1 }, patientId);
  }

  /** POST /api/request/{id}/delete: soft-deletes the request and its exams with the reason; a second delete is refused. */
  async remove(user: CurrentUser, id: string, remark: string): Promise<void> {
    const r = await this.repo.find(id, requestScopeCondition(user), { includeDeleted: true });
    if (!r) throw requestNotFound();
    if (r.deletedAt) throw new DomainError(409, RQ.deleted, 'REQUEST_DELETED');
    const current = await this.repo.examsOf([id]);
    if (current.some((e) => e.exam.hasImage || e.exam.reviewerId || e.hasReport))
      throw new DomainError(409, RQ.deleteBusy, 'REQUEST_BUSY');
    const at = this.now();
    await this.repo.db.transaction(async (txRaw) => {
      const tx: Database = txRaw;
      const [done] = await tx
        .update(requests)
        .set({ deletedAt: at, deletedBy: user.userId, deleteReason: remark })
        .where(and(eq(requests.id, id), isNull(requests.deletedAt)))
        .returning({ id: requests.id });
      if (!done) throw new DomainError(409, RQ.deleted, 'REQUEST_DELETED');
      await tx
        .update(exams)
        .set({ deletedAt: at, deletedBy: user.userId, deleteReason: remark })
        .where(and(eq(exams.requestId, id), isNull(exams.deletedAt)));
      await this.repo.logExams(
        tx,
        current.map((e) => ({
          examId: e.exam.id,
          userId: user.userId,
          userName: user.displayName,
          action: 'deleted',
          detail: remark,
        })),
      );
    });
    await this.audit.record(
      null,
      { action: 'request.delete', entityType: 'request', entityId: id, patientId: r.patientId, detail: { remark } },
      who(user),
    );
  }

  async deleteReasons(user: CurrentUser, id: string): Promise<{ reasonOptions: string[] }> {
    await this.loadInScope(user, id);
    return { reasonOptions: (await this.repo.lookupsOf(['deleteReason'])).map((l) => l.name) };
  }

  /** Administrator's decision on a held request's custom price (spec §4): approve keeps the prices, reject restores the list prices. */
  async decideCustomPrice(
    user: CurrentUser,
    id: string,
    customPriceId: number,
    decision: 'Approved' | 'Rejected',
  ): Promise<void> {
    const r = await this.loadInScope(user, id);
    const custom = await this.repo.customPrice(customPriceId);
    if (!custom || custom.requestId !== id) throw new DomainError(404, 'ไม่พบราคาพิเศษ', 'CUSTOM_PRICE_NOT_FOUND');
    if (custom.status !== 'Pending') throw new DomainError(409, RQ.customPriceState, 'CUSTOM_PRICE_STATE');
    const lines = decision === 'Rejected' ? await this.repo.lines(id) : [];
    const priv =
      r.privilegeId && decision === 'Rejected'
        ? await this.repo.privilegePrices(r.privilegeId)
        : new Map<number, number>();
    await this.repo.db.transaction(async (txRaw) => {
      const tx: Database = txRaw;
      const [done] = await tx
        .update(customPrices)
        .set({ status: decision, decidedBy: user.userId, decidedAt: this.now() })
        .where(and(eq(customPrices.id, customPriceId), eq(customPrices.status, 'Pending')))
        .returning({ id: customPrices.id });
      if (!done) throw new DomainError(409, RQ.customPriceState, 'CUSTOM_PRICE_STATE');
      if (decision === 'Rejected') {
        for (const l of lines) {
          if (!custom.items.some((i) => i.productId === l.product.id)) continue;
          await tx
            .update(requestProducts)
            .set({ unitPriceSatang: priv.get(l.product.id) ?? l.product.defaultPriceSatang })
            .where(and(eq(requestProducts.requestId, id), eq(requestProducts.productId, l.product.id)));
        }
      }
      await tx
        .update(requests)
        .set({ status: 'Active', statusRemark: null, updatedAt: this.now(), version: sql`${requests.version} + 1` })
        .where(eq(requests.id, id));
    });
    await this.audit.record(
      null,
      {
        action: `request.customPrice.${decision === 'Approved' ? 'approve' : 'reject'}`,
        entityType: 'request',
        entityId: id,
        patientId: r.patientId,
        detail: { customPriceId },
      },
      who(user),
    );
  }

  async loadInScope(user: CurrentUser, id: string): Promise<RequestRow> {
    const r = await this.repo.find(id, requestScopeCondition(user));
    if (!r) throw requestNotFound();
    return r;
  }

  private appointmentOf(input: RequestSave): Date {
    if (!input.isSchedule || !input.scheduleDateTime) return this.now();
    return new Date(input.scheduleDateTime);
  }

  /** Someone without the approve right proposing a custom price puts the request on Hold until an Administrator decides. */
  private holdFor(user: CurrentUser, plan: RequestPlan): { status: string; remark: string | null } {
    if (plan.custom.length > 0 && !user.permissions.has('REQUEST_CUSTOM_PRICE_APPROVE'))
      return { status: 'Hold', remark: RQ.holdRemark };
    return { status: 'Active', remark: null };
  }

  private async proposeCustom(tx: Database, user: CurrentUser, requestId: string, plan: RequestPlan): Promise<void> {
    const self = user.permissions.has('REQUEST_CUSTOM_PRICE_APPROVE');
    await tx.insert(customPrices).values({
      requestId,
      items: plan.custom,
      status: self ? 'Approved' : 'Pending',
      createdBy: user.userId,
      decidedBy: self ? user.userId : null,
      decidedAt: self ? this.now() : null,
    });
  }

  private async writeLines(tx: Database, requestId: string, plan: RequestPlan): Promise<void> {
    await tx.insert(requestProducts).values(
      plan.lines.map((l) => ({
        requestId,
        productId: l.product.id,
        quantity: l.quantity,
        dose: l.dose,
        unitPriceSatang: l.unitPriceSatang,
      })),
    );
  }

  /** Free-text entries of the pickers ("เพิ่ม "text"") become rows of the hospital or lookup they belong to. */
  private async freeTextEntries(tx: Database, input: RequestSave, plan: RequestPlan) {
    let doctorId = input.hospitalDoctorId ?? null;
    const doctorName = plan.doctorName;
    // Only the transaction's own connection may be used in here: PGlite has one, and a second query would wait forever.
    if (!doctorId && input.hospitalDoctorId_add) {
      const [d] = await tx
        .insert(hospitalDoctors)
        .values({ hospitalId: plan.hospital.id, name: input.hospitalDoctorId_add })
        .returning();
      doctorId = d!.id;
    }
    let buildingId = input.hospitalBuildingId ?? null;
    if (!buildingId && input.hospitalBuildingId_add) {
      const [b] = await tx
        .insert(hospitalBuildings)
        .values({ hospitalId: plan.hospital.id, name: input.hospitalBuildingId_add })
        .returning();
      buildingId = b!.id;
    }
    let researchId = input.researchProjectId ?? null;
    if (!researchId && input.researchProjectId_add) {
      await tx
        .insert(lookups)
        .values({ kind: 'researchProject', name: input.researchProjectId_add })
        .onConflictDoNothing();
      const [p] = await tx
        .select({ id: lookups.id })
        .from(lookups)
        .where(and(eq(lookups.kind, 'researchProject'), eq(lookups.name, input.researchProjectId_add)));
      researchId = p!.id;
    }
    return { doctorId, doctorName, buildingId, researchId };
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
      researchProjectSubjectId: input.researchProjectSubjectId ?? null,
      researchProjectSubjectName: input.researchProjectSubjectName ?? null,
      researchProjectVN: input.researchProjectVN ?? null,
      allergies: input.allergy,
      additionalFields: input.additionalFields,
      remark: input.remark ?? null,
      nhsoClaimCode: input.nhsoClaimCode ?? null,
    };
  }

  private async makeExams(
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
      forced && codes.length === 1 ? [forced] : await this.freeAccessionNumbers(tx, branch, day, codes.length);
    const p = plan.patient;
    const rows = codes.map((code, i) => {
      const id = randomUUID();
      const products = plan.modalities.get(code) ?? [];
      return {
        id,
        requestId: request.id,
        patientId: p.id,
        branchId: branch.id,
        hospitalId: plan.hospital.id,
        accessionNumber: numbers[i]!,
        modalityCode: code,
        description: describe(products),
        bodyPart: products[0]?.bodyPart ?? null,
        examDate: request.appointmentAt,
        status: 'Scheduled',
        hn: p.hn,
        prefixName: p.prefixTh,
        firstName: p.firstNameTh,
        middleName: p.middleNameTh,
        lastName: p.lastNameTh,
        suffixName: p.suffixTh,
        birthDate: p.birthDate,
        gender: p.gender,
        studyInstanceUid: `2.25.${BigInt(`0x${id.replaceAll('-', '')}`).toString()}`,
        dicomPatientId: p.hn,
        issuerOfPatientId: plan.hospital.code,
        referringPhysicianName: doctorName,
        ...studyDateOf(request.appointmentAt),
        institutionalDepartment: 'Radiology',
      };
    });
    await tx.insert(exams).values(rows);
    await this.repo.logExams(
      tx,
      rows.map((e) => ({
        examId: e.id,
        userId: user.userId,
        userName: user.displayName,
        action: 'created',
        detail: `สร้างใบส่งตรวจ: ${e.description}`,
      })),
    );
    return rows.map((e) => ({ examId: e.id, modalityCode: e.modalityCode, accessionNumber: e.accessionNumber }));
  }

  /**
   * The next n numbers of the branch's day that no exam carries yet. A number can be taken outside the sequence (a
   * number given by hand before the rule against automatic shapes, or after the branch's pattern changed); it is
   * skipped, never handed out twice, so one such number cannot stop every save of that day.
   */
  private async freeAccessionNumbers(
    tx: Database,
    branch: { id: number; code: string; accessionPattern: string },
    day: string,
    n: number,
  ): Promise<string[]> {
    const free: string[] = [];
    while (free.length < n) {
      const want = n - free.length;
      const first = await this.repo.allocateSequence(tx, branch.id, day, want);
      const candidates = Array.from({ length: want }, (_, i) =>
        formatAccessionNumber(branch.accessionPattern, { branchCode: branch.code, day, seq: first + i }),
      );
      const taken = await this.repo.takenAccessionNumbers(tx, candidates);
      free.push(...candidates.filter((c) => !taken.has(c)));
    }
    return free;
  }

  /** Only branch staff and administrators holding REQUEST_ACCESSION_FORCE give numbers by hand (decision sec70). */
  private mayForceAccession(user: CurrentUser): void {
    const staff = user.scope === 'all' || user.scope === 'branch';
    if (!staff || !user.permissions.has('REQUEST_ACCESSION_FORCE')) {
      throw new DomainError(403, RQ.accessionForceDenied, 'ACCESSION_FORCE_DENIED');
    }
  }

  private async checkForcedAccession(accession: string, plan: RequestPlan): Promise<void> {
    if (!FORCED_ACCESSION_FORMAT.test(accession)) throw badRequest('forceAcceesionNumber', RQ.accessionForm);
    if (plan.modalities.size !== 1) throw badRequest('forceAcceesionNumber', RQ.accessionOneModality);
    const patterns = await this.repo.accessionPatterns();
    if (patterns.some((b) => isAutomaticAccessionNumber(b.accessionPattern, b.code, accession))) {
      throw badRequest('forceAcceesionNumber', RQ.accessionAutomatic);
    }
    const taken = await this.repo.takenAccessionNumbers(this.repo.db, [accession]);
    if (taken.size > 0) throw accessionTaken(accession);
  }

  /** Request documents uploaded beforehand (POST api/document/upload) become the request's. */
  private async attachDocuments(tx: Database, user: CurrentUser, requestId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(documents)
      .set({ requestId })
      .where(and(inArray(documents.id, ids), eq(documents.uploadedBy, user.userId), isNull(documents.requestId)));
  }
}

function describe(products: { name: string; productGroup: string }[]): string {
  const examsOnly = products.filter((p) => p.productGroup === 'ตรวจ');
  return (examsOnly.length > 0 ? examsOnly : products).map((p) => p.name).join(', ');
}

function studyDateOf(at: Date) {
  const d = dicomDateTime(at);
  return { studyDate: d.date, studyTime: d.time };
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

function missingDocuments(
  products: { modalityCode: string; productGroup: string }[],
  documentTypeIds: (number | null)[],
  types: { id: number; code: string | null; name: string }[],
): string[] {
  const required = requiredRequestDocumentCodes({
    modalityCodes: products.map((f) => f.modalityCode),
    hasContrast: products.some((f) => f.productGroup === CONTRAST_PRODUCT_GROUP),
  });
  const have = new Set(documentTypeIds);
  return required
    .map((code) => types.find((t) => t.code === code))
    .filter((t) => t && !have.has(t.id))
    .map((t) => t!.name);
}
