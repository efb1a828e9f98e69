import type { RequestDetail, RequestSearch, RequestSearchResult } from '@rangsi/contract';
import { bangkokDateTimeText, bangkokDayStart } from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { patientScopeCondition } from '../../auth/data-scope/patient-scope';
import { requestScopeCondition } from '../../auth/data-scope/request-scope';
import type { ExamStateWriter } from '../exams/exam-state';
import { NO_REQUEST_BILLING, type BillableRequest, type RequestBillingPort } from './request-billing-port';
import { toListRow, toRequestDetail } from './request-views';
import type { RequestWritesRepository } from './request-writes.repository';
import { requestError } from './requests.errors';
import { PAGE_SIZE, type RequestRow, type RequestsRepository } from './requests.repository';

const who = (user: CurrentUser) => ({ userId: user.userId, username: user.username });

/**
 * Imaging requests (spec §3 Request, §4 Hold): the list, one request, delete, custom price decisions. Saving the form
 * is RequestSaveService's.
 */
export class RequestsService {
  private billing: RequestBillingPort = NO_REQUEST_BILLING;

  constructor(
    private readonly repo: RequestsRepository,
    private readonly writes: RequestWritesRepository,
    private readonly examState: ExamStateWriter,
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
    if (q.startDate && q.endDate && q.endDate < q.startDate) throw requestError('REQUEST_BAD_RANGE');
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
      rows: rows.map((r) => toListRow(r, billing.get(r.id), docTypes, today)),
    };
  }

  async get(user: CurrentUser, id: string): Promise<RequestDetail> {
    const r = await this.repo.find(id, requestScopeCondition(user), { includeDeleted: true });
    if (!r) throw requestError('REQUEST_NOT_FOUND');
    // A deleted request opened from an old link says when, by whom and why (decision WS33).
    if (r.deletedAt)
      throw requestError('REQUEST_GONE', {
        at: bangkokDateTimeText(r.deletedAt),
        by: (await this.repo.userName(r.deletedBy)) ?? '—',
        reason: r.deleteReason ?? '—',
      });
    const patient = await this.repo.patient(r.patientId);
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
    await this.audit.record(
      null,
      { action: 'request.read', entityType: 'request', entityId: id, patientId: r.patientId },
      who(user),
    );
    return toRequestDetail(
      r,
      {
        patient,
        exams: examRows,
        lines,
        custom: customs.get(id),
        documents: docs,
        privilegeName: privilege?.name ?? null,
        doctorName: doctor?.name ?? null,
        buildingName: building?.name ?? null,
      },
      this.now(),
    );
  }

  /** GET /api/request/patient/{id}: the patient's requests in the user's scope, newest first. */
  async byPatient(user: CurrentUser, patientId: string): Promise<RequestSearchResult> {
    if (!(await this.repo.patient(patientId, patientScopeCondition(user))))
      throw requestError('REQUEST_PATIENT_NOT_FOUND');
    return this.page(user, { page: 1 }, patientId);
  }

  /** POST /api/request/{id}/delete: soft-deletes the request and its exams with the reason; a second delete is refused. */
  async remove(user: CurrentUser, id: string, remark: string): Promise<void> {
    const r = await this.repo.find(id, requestScopeCondition(user), { includeDeleted: true });
    if (!r) throw requestError('REQUEST_NOT_FOUND');
    if (r.deletedAt) throw requestError('REQUEST_DELETED');
    const current = await this.repo.examsOf([id]);
    if (current.some((e) => e.exam.hasImage || e.exam.reviewerId || e.hasReport)) throw requestError('REQUEST_BUSY');
    const at = this.now();
    await this.writes.transaction(async (tx) => {
      if (!(await this.writes.softDelete(tx, id, { userId: user.userId, reason: remark, at })))
        throw requestError('REQUEST_DELETED');
      await this.examState.remove(
        tx,
        current.map((e) => e.exam.id),
        { userId: user.userId, userName: user.displayName, reason: remark, at },
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
    if (!custom || custom.requestId !== id) throw requestError('CUSTOM_PRICE_NOT_FOUND');
    if (custom.status !== 'Pending') throw requestError('CUSTOM_PRICE_STATE');
    const lines = decision === 'Rejected' ? await this.repo.lines(id) : [];
    const priv =
      r.privilegeId && decision === 'Rejected'
        ? await this.repo.privilegePrices(r.privilegeId)
        : new Map<number, number>();
    await this.writes.transaction(async (tx) => {
      const at = this.now();
      if (!(await this.writes.decideCustomPrice(tx, customPriceId, decision, { userId: user.userId, at })))
        throw requestError('CUSTOM_PRICE_STATE');
      if (decision === 'Rejected') {
        for (const l of lines) {
          if (!custom.items.some((i) => i.productId === l.product.id)) continue;
          await this.writes.setLinePrice(tx, id, l.product.id, priv.get(l.product.id) ?? l.product.defaultPriceSatang);
        }
      }
      await this.writes.activate(tx, id, at);
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
    if (!r) throw requestError('REQUEST_NOT_FOUND');
    return r;
  }
}
