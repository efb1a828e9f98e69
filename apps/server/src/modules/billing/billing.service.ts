import type {
  BillingAging,
  BillingCondition,
  BillingCreate,
  BillingCreated,
  BillingDetail,
  BillingHistoryPage,
  BillingHistoryQuery,
  BillingSearch,
  BillingSearchResult,
  IdName,
  ReceiptCreate,
  ReceiptType,
} from '@rangsi/contract';
import { AGING_BUCKETS, BILLING_HISTORY_PAGE, BILLING_MAX_LINES } from '@rangsi/contract';
import { addMonths, bangkokDayOf, bangkokDayStart, formatSatang, satangToBaht } from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { forbidden } from '../../http/domain-error';
import { EMPTY_BILLING_FACTS, type BillableRequest, type RequestBillingFacts } from '../requests/request-billing-port';
import { list, msg } from '../../i18n/catalogue';
import { billingError, count, isUniqueViolation } from './billing.errors';
import type {
  BillingHead,
  BillingLineRow,
  BillingRepository,
  ReceiptRow,
  RequestBatchFact,
} from './billing.repository';
import type { DocumentNumbers } from './document-numbers';

/** What billing needs of the requests module (its service): the search and the facts of chosen requests. */
export interface BillableRequests {
  billable(q: {
    branchId: number | null;
    hospitalId: number;
    privilegeId: number | null;
    from: Date;
    to: Date;
    limit: number;
  }): Promise<BillableRequest[]>;
  billableByIds(ids: string[]): Promise<BillableRequest[]>;
}

/** A receipt as its PDF prints it. */
export interface ReceiptDocument {
  receipt: ReceiptRow;
  billing: BillingHead;
  lines: { requestId: string; appointmentAt: Date; hn: string; patientName: string; totalSatang: number }[];
}

/** A batch as its XLSX export lists it (GET /api/billing/{id}/xlsx). */
export interface BatchExport {
  billing: BillingHead;
  lines: {
    appointmentAt: Date;
    hn: string;
    patientName: string;
    totalSatang: number;
    paidAt: Date | null;
    paidReceiptNo: string | null;
  }[];
}

/** A statement as its PDF prints it. */
export interface StatementDocument {
  billing: BillingHead;
  lines: (BillingLineRow & { hn: string; patientName: string })[];
  receipts: ReceiptRow[];
  totalSatang: number;
  paidSatang: number;
}

/** A request's batch facts as its rows show them. */
function batchFacts(b: RequestBatchFact): Omit<RequestBillingFacts, 'invoiceNo'> {
  return {
    latestBillingId: b.latestBillingId,
    latestBillingDocumentId: b.latestBillingDocumentId,
    paidBillingId: b.paidBillingId,
  };
}

/** The first day of the month before the Bangkok day of `at` (decision acc02: a batch is made for last month). */
function firstOfPreviousMonth(at: Date): string {
  return `${addMonths(bangkokDayOf(at).slice(0, 7), -1)}-01`;
}

const who = (user: CurrentUser) => ({ userId: user.userId, username: user.username });

function patientName(r: Pick<BillableRequest, 'prefixTh' | 'firstNameTh' | 'middleNameTh' | 'lastNameTh'>): string {
  return [`${r.prefixTh ?? ''}${r.firstNameTh}`, r.middleNameTh, r.lastNameTh].filter(Boolean).join(' ');
}

/**
 * Billing batches, their payment and receipts (spec §3 Billing, §4 Billing, §7; issue 24; docs/design/billing.md).
 * Scope (decision acc03): an Accounting user works in their own branch, an Administrator in every branch; anyone
 * else (hospital users, doctors) is refused. Money is integer satang, computed here from the requests' priced lines.
 */
export class BillingService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly requests: BillableRequests,
    private readonly numbers: DocumentNumbers,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // --- scope ----------------------------------------------------------------------------------------------------

  /** The branch the user bills in: null for every branch (Administrator); refused for anyone not branch-bound. */
  branchOf(user: CurrentUser): number | null {
    if (user.scope === 'all') return null;
    if (user.scope !== 'branch') throw forbidden();
    if (user.branchId === null) throw billingError('BILLING_NO_BRANCH');
    return user.branchId;
  }

  private async hospitalInScope(user: CurrentUser, hospitalId: number) {
    const branchId = this.branchOf(user);
    const hospital = await this.repo.hospital(hospitalId);
    if (!hospital || (branchId !== null && hospital.branchId !== branchId))
      throw billingError('BILLING_HOSPITAL_NOT_FOUND');
    return hospital;
  }

  private async billingInScope(user: CurrentUser, id: string): Promise<BillingHead> {
    const billing = await this.repo.billing(id, this.branchOf(user));
    if (!billing) throw billingError('BILLING_NOT_FOUND');
    return billing;
  }

  // --- lookups --------------------------------------------------------------------------------------------------

  /** GET /api/uidata/billingCondition: hospitals of the user's branch, a hospital's privileges, the default range. */
  async condition(user: CurrentUser, hospitalId: number | undefined): Promise<BillingCondition> {
    const hospitals = await this.repo.hospitalsOf(this.branchOf(user));
    const privileges = hospitalId === undefined ? [] : await this.privileges(user, hospitalId);
    const now = this.now();
    return { hospitals, privileges, defaultStartDate: firstOfPreviousMonth(now), defaultEndDate: bangkokDayOf(now) };
  }

  /** GET /api/billing/hospital/{hospitalId}/privileges */
  async privileges(user: CurrentUser, hospitalId: number): Promise<IdName[]> {
    await this.hospitalInScope(user, hospitalId);
    return this.repo.privilegesOf(hospitalId);
  }

  private async checkPrivilege(
    hospitalId: number,
    privilegeId: number | null | undefined,
    field: string,
  ): Promise<void> {
    if (privilegeId == null) return;
    const p = await this.repo.privilege(privilegeId);
    if (!p || p.hospitalId !== hospitalId) throw billingError('PRIVILEGE_NOT_OF_HOSPITAL', { field });
  }

  // --- search and batches ---------------------------------------------------------------------------------------

  /** GET /api/billing/search: live requests of the branch's hospital in the range, oldest first, at most 2,000. */
  async search(user: CurrentUser, q: BillingSearch): Promise<BillingSearchResult> {
    const hospital = await this.hospitalInScope(user, q.hospitalId);
    await this.checkPrivilege(hospital.id, q.privilegeId, 'privilegeId');
    const found = await this.requests.billable({
      branchId: hospital.branchId,
      hospitalId: hospital.id,
      privilegeId: q.privilegeId ?? null,
      from: bangkokDayStart(q.startDate),
      to: bangkokDayStart(q.endDate, 1),
      limit: BILLING_MAX_LINES + 1,
    });
    const rows = found.slice(0, BILLING_MAX_LINES);
    // The search shows batches only (no invoice numbers): one statement.
    const facts = new Map(
      (await this.repo.batchFactsOf(rows.map((r) => r.id))).map((b) => [b.requestId, batchFacts(b)]),
    );
    await this.audit.record(
      null,
      { action: 'billing.search', entityType: 'billing', detail: { hospitalId: hospital.id, results: rows.length } },
      who(user),
    );
    return {
      truncated: found.length > BILLING_MAX_LINES,
      rows: rows.map((r) => {
        const f = facts.get(r.id);
        const isPaid = Boolean(f?.paidBillingId);
        return {
          requestId: r.id,
          appointmentDate: r.appointmentAt.toISOString(),
          hn: r.hn,
          patientName: patientName(r),
          totalPrice: satangToBaht(r.totalSatang),
          isPaid,
          latestBillingId: f?.latestBillingId ?? null,
          latestBillingDocumentId: f?.latestBillingDocumentId ?? null,
          paidBillingId: f?.paidBillingId ?? null,
          checked: !isPaid,
        };
      }),
    };
  }

  /**
   * POST /api/billing/create: every chosen request is checked again here (branch, hospital, privilege, range, live,
   * not paid); any one wrong refuses the whole batch, naming how many and why, and nothing is saved. Line totals
   * come from the requests' priced lines, never from the client.
   */
  async create(user: CurrentUser, input: BillingCreate): Promise<BillingCreated> {
    const hospital = await this.hospitalInScope(user, input.hospital);
    await this.checkPrivilege(hospital.id, input.privilageId, 'privilageId');
    const ids = input.requestIds.map((id) => id.toLowerCase());
    if (new Set(ids).size !== ids.length) throw billingError('DUPLICATE_REQUESTS', { field: 'requestIds' });
    const facts = new Map((await this.requests.billableByIds(ids)).map((r) => [r.id, r]));
    const from = bangkokDayStart(input.startDate).getTime();
    const to = bangkokDayStart(input.endDate, 1).getTime();
    const refused = { missing: 0, deleted: 0, outOfRange: 0 };
    for (const id of ids) {
      const r = facts.get(id);
      if (
        !r ||
        r.branchId !== hospital.branchId ||
        r.hospitalId !== hospital.id ||
        (input.privilageId !== null && r.privilegeId !== input.privilageId)
      )
        refused.missing += 1;
      else if (r.deleted || r.status === 'Hold') refused.deleted += 1;
      else if (r.appointmentAt.getTime() < from || r.appointmentAt.getTime() >= to) refused.outOfRange += 1;
    }
    const reasons = [
      refused.missing ? msg('REQUESTS_MISSING', { n: count(refused.missing) }) : null,
      refused.deleted ? msg('REQUESTS_DELETED', { n: count(refused.deleted) }) : null,
      refused.outOfRange ? msg('REQUESTS_OUT_OF_RANGE', { n: count(refused.outOfRange) }) : null,
    ].filter((m) => m !== null);
    if (reasons.length > 0)
      throw billingError('BILLING_REQUESTS_REFUSED', { reasons: list(reasons, '; ') }, { field: 'requestIds' });

    const at = this.now();
    const created = await this.repo.transaction(async (tx) => {
      // Checked inside the transaction: a receipt or a hand mark made a moment ago counts.
      const paid = await tx.paidAmong(ids);
      if (paid.length > 0) throw billingError('REQUESTS_PAID', { n: count(paid.length) });
      const documentNo = await this.numbers.issue(tx, hospital.branchId, 'BL', at);
      const billing = await tx.insertBilling({
        documentNo,
        branchId: hospital.branchId,
        hospitalId: hospital.id,
        privilegeId: input.privilageId,
        startDate: input.startDate,
        endDate: input.endDate,
        createdBy: user.userId,
        createdAt: at,
      });
      await tx.insertLines(
        ids.map((id) => {
          const r = facts.get(id)!;
          return { billingId: billing.id, requestId: id, totalSatang: r.totalSatang, appointmentAt: r.appointmentAt };
        }),
      );
      return billing;
    });
    const totalSatang = ids.reduce((n, id) => n + facts.get(id)!.totalSatang, 0);
    await this.audit.record(
      null,
      {
        action: 'billing.create',
        entityType: 'billing',
        entityId: created.id,
        detail: { documentNo: created.documentNo, hospitalId: hospital.id, lines: ids.length, totalSatang },
      },
      who(user),
    );
    return { billingId: created.id, documentId: created.documentNo };
  }

  /** GET /api/billing/history: newest first, 50 a page, older than the cursor `before` (createdAt~id). */
  async history(user: CurrentUser, q: BillingHistoryQuery): Promise<BillingHistoryPage> {
    const branchId = this.branchOf(user);
    if (q.hospitalId !== undefined) await this.hospitalInScope(user, q.hospitalId);
    const before = q.before ? parseCursor(q.before) : null;
    if (q.before && !before) throw billingError('BILLING_BAD_CURSOR', { field: 'before' });
    const rows = await this.repo.history({
      branchId,
      hospitalId: q.hospitalId ?? null,
      before,
      limit: BILLING_HISTORY_PAGE + 1,
    });
    const page = rows.slice(0, BILLING_HISTORY_PAGE);
    const last = page.at(-1);
    return {
      nextBefore: rows.length > BILLING_HISTORY_PAGE && last ? `${last.createdAt.toISOString()}~${last.id}` : null,
      entries: page.map((b) => ({
        documentId: b.documentNo,
        billingId: b.id,
        hospitalId: b.hospitalId,
        hospitalName: b.hospitalName,
        privilageName: b.privilegeName,
        startDate: b.startDate,
        endDate: b.endDate,
        createdAt: b.createdAt.toISOString(),
        isAllPaid: b.isAllPaid,
        isHighlight: !b.isPrinted,
        receipts: b.receipts,
      })),
    };
  }

  /** GET /api/billing/{id}/detail */
  async detail(user: CurrentUser, id: string): Promise<BillingDetail> {
    const billing = await this.billingInScope(user, id);
    const [lines, receipts] = await Promise.all([this.repo.billingLines(id), this.repo.receiptsOf(id)]);
    const people = new Map((await this.requests.billableByIds(lines.map((l) => l.requestId))).map((r) => [r.id, r]));
    await this.audit.record(
      null,
      { action: 'billing.read', entityType: 'billing', entityId: id, dedupe: true },
      who(user),
    );
    return {
      billingId: billing.id,
      documentId: billing.documentNo,
      hospitalId: billing.hospitalId,
      hospitalName: billing.hospitalName,
      privilageName: billing.privilegeName,
      startDate: billing.startDate,
      endDate: billing.endDate,
      createdAt: billing.createdAt.toISOString(),
      isPrinted: billing.isPrinted,
      totalPrice: satangToBaht(lines.reduce((n, l) => n + l.totalSatang, 0)),
      paidPrice: satangToBaht(lines.reduce((n, l) => n + (l.paidBillingId ? l.totalSatang : 0), 0)),
      requests: lines.map((l) => {
        const p = people.get(l.requestId);
        return {
          requestId: l.requestId,
          appointmentDate: l.appointmentAt.toISOString(),
          hn: p?.hn ?? '',
          patientName: p ? patientName(p) : '',
          totalPrice: satangToBaht(l.totalSatang),
          paidBillingId: l.paidBillingId,
          paidDocumentId: l.paidReceiptNo,
          paidReceiptId: l.paidReceiptId,
          checked: l.paidBillingId === null,
        };
      }),
      receipts: receipts.map((r) => ({
        receiptId: r.id,
        receiptDocumentId: r.documentNo,
        type: r.type as ReceiptType,
        bankName: r.bankName,
        amount: satangToBaht(r.amountSatang),
        number: r.number,
        linesTotal: satangToBaht(r.linesSatang),
        requestIds: r.requestIds,
        createdAt: r.createdAt.toISOString(),
        isVoided: r.voidedAt !== null,
        voidedAt: r.voidedAt?.toISOString() ?? null,
        voidReason: r.voidReason,
      })),
    };
  }

  /** GET /api/billing/{id}/xlsx: the batch's lines for the export, scope as the detail; every export audited. */
  async batchExport(user: CurrentUser, id: string): Promise<BatchExport> {
    const billing = await this.billingInScope(user, id);
    const lines = await this.repo.billingLines(id);
    const people = new Map((await this.requests.billableByIds(lines.map((l) => l.requestId))).map((r) => [r.id, r]));
    await this.audit.record(
      null,
      {
        action: 'billing.export',
        entityType: 'billing',
        entityId: id,
        detail: { format: 'xlsx', lines: lines.length },
      },
      who(user),
    );
    return {
      billing,
      lines: lines.map((l) => {
        const p = people.get(l.requestId);
        return {
          appointmentAt: l.appointmentAt,
          hn: p?.hn ?? '',
          patientName: p ? patientName(p) : '',
          totalSatang: l.totalSatang,
          paidAt: l.paidAt,
          paidReceiptNo: l.paidReceiptNo,
        };
      }),
    };
  }

  // --- payment --------------------------------------------------------------------------------------------------

  /** POST /api/billing/{id}/paid/{requestId}: paid by hand; a request paid in another batch is refused (409). */
  async markPaid(
    user: CurrentUser,
    id: string,
    requestId: string,
  ): Promise<{ requestId: string; paidBillingId: string | null }> {
    await this.billingInScope(user, id);
    const line = await this.repo.line(id, requestId);
    if (!line) throw billingError('BILLING_LINE_NOT_FOUND');
    if (line.paidAt) return { requestId, paidBillingId: id };
    const changed = await this.repo.payByHand(id, requestId, user.userId, this.now()).catch((err: unknown) => {
      if (isUniqueViolation(err, 'billing_requests_paid_uq')) throw billingError('PAID_ELSEWHERE');
      throw err;
    });
    if (changed > 0)
      await this.audit.record(
        null,
        { action: 'billing.paid', entityType: 'billing', entityId: id, detail: { requestId } },
        who(user),
      );
    return { requestId, paidBillingId: id };
  }

  /** POST /api/billing/{id}/unpaid/{requestId}: back to unpaid; a line a live receipt pays is refused (void it). */
  async markUnpaid(
    user: CurrentUser,
    id: string,
    requestId: string,
  ): Promise<{ requestId: string; paidBillingId: string | null }> {
    await this.billingInScope(user, id);
    const line = await this.repo.line(id, requestId);
    if (!line) throw billingError('BILLING_LINE_NOT_FOUND');
    if (line.paidReceiptId) throw billingError('PAID_BY_RECEIPT');
    if (!line.paidAt) return { requestId, paidBillingId: null };
    const changed = await this.repo.unpayByHand(id, requestId);
    if (changed === 0) throw billingError('PAID_BY_RECEIPT');
    await this.audit.record(
      null,
      { action: 'billing.unpaid', entityType: 'billing', entityId: id, detail: { requestId } },
      who(user),
    );
    return { requestId, paidBillingId: null };
  }

  /**
   * POST /api/billing/{id}/receipt/create: the lines must be of this batch and unpaid; the amount received is above 0
   * and not above their sum. Two clerks racing for the same request get one receipt and one 409: the partial unique
   * indexes on receipt_lines and billing_requests decide, and the loser's transaction (and number) rolls back.
   */
  async createReceipt(
    user: CurrentUser,
    id: string,
    input: ReceiptCreate,
  ): Promise<{ receiptId: string; receiptDocumentId: string }> {
    const billing = await this.billingInScope(user, id);
    const ids = input.requestIds.map((r) => r.toLowerCase());
    if (new Set(ids).size !== ids.length) throw billingError('DUPLICATE_REQUESTS', { field: 'requestIds' });
    const at = this.now();
    const receipt = await this.repo
      .transaction(async (tx) => {
        const lines = await tx.linesIn(id, ids);
        if (lines.length !== ids.length)
          throw billingError('NOT_IN_BATCH', { n: count(ids.length - lines.length) }, { field: 'requestIds' });
        if ((await tx.paidAmong(ids)).length > 0) throw billingError('SOME_PAID');
        const linesSatang = lines.reduce((n, l) => n + l.totalSatang, 0);
        if (input.amount > linesSatang)
          throw billingError('AMOUNT_OVER_LINES', { max: formatSatang(linesSatang) }, { field: 'amount' });
        const documentNo = await this.numbers.issue(tx, billing.branchId, 'RC', at);
        const row = await tx.insertReceipt({
          billingId: id,
          branchId: billing.branchId,
          documentNo,
          type: input.type,
          bankName: input.bankName,
          amountSatang: input.amount,
          linesSatang,
          number: input.number,
          createdBy: user.userId,
          createdAt: at,
        });
        await tx.insertReceiptLines(
          lines.map((l) => ({ receiptId: row.id, requestId: l.requestId, billingId: id, totalSatang: l.totalSatang })),
        );
        const paid = await tx.payByReceipt(id, ids, row.id, user.userId, at);
        if (paid !== ids.length) throw billingError('SOME_PAID');
        return row;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'receipt_lines_live_request_uq', 'billing_requests_paid_uq'))
          throw billingError('SOME_PAID');
        throw err;
      });
    await this.audit.record(
      null,
      {
        action: 'billing.receipt.create',
        entityType: 'receipt',
        entityId: receipt.id,
        detail: {
          billingId: id,
          documentNo: receipt.documentNo,
          type: receipt.type,
          amountSatang: receipt.amountSatang,
          linesSatang: receipt.linesSatang,
          lines: ids.length,
        },
      },
      who(user),
    );
    return { receiptId: receipt.id, receiptDocumentId: receipt.documentNo };
  }

  /** POST /api/billing/{id}/receipt/{receiptId}/void: kept with who, when and why; its lines return to unpaid. */
  async voidReceipt(user: CurrentUser, id: string, receiptId: string, reason: string): Promise<void> {
    await this.billingInScope(user, id);
    const receipt = await this.repo.receipt(receiptId, id);
    if (!receipt) throw billingError('BILLING_RECEIPT_NOT_FOUND');
    if (receipt.voidedAt) throw billingError('RECEIPT_VOIDED');
    const done = await this.repo.transaction((tx) => tx.voidReceipt(receiptId, user.userId, reason, this.now()));
    if (!done) throw billingError('RECEIPT_VOIDED');
    await this.audit.record(
      null,
      {
        action: 'billing.receipt.void',
        entityType: 'receipt',
        entityId: receiptId,
        detail: { billingId: id, documentNo: receipt.documentNo, amountSatang: receipt.amountSatang, reason },
      },
      who(user),
    );
  }

  // --- documents ------------------------------------------------------------------------------------------------

  /** The receipt's PDF data (GET …/receipt/{receiptId}/file): a voided receipt is not printed. */
  async receiptDocument(user: CurrentUser, billingId: string, receiptId: string): Promise<ReceiptDocument> {
    const billing = await this.billingInScope(user, billingId);
    const receipt = await this.repo.receipt(receiptId, billingId);
    if (!receipt) throw billingError('BILLING_RECEIPT_NOT_FOUND');
    if (receipt.voidedAt) throw billingError('RECEIPT_VOIDED_FILE');
    const lines = await this.repo.receiptLinesOf(receiptId);
    const people = new Map((await this.requests.billableByIds(lines.map((l) => l.requestId))).map((r) => [r.id, r]));
    await this.audit.record(
      null,
      { action: 'billing.receipt.print', entityType: 'receipt', entityId: receiptId, detail: { billingId } },
      who(user),
    );
    return {
      receipt,
      billing,
      lines: lines
        .map((l) => {
          const p = people.get(l.requestId);
          return {
            requestId: l.requestId,
            appointmentAt: p?.appointmentAt ?? new Date(0),
            hn: p?.hn ?? '',
            patientName: p ? patientName(p) : '',
            totalSatang: l.totalSatang,
          };
        })
        .sort((a, b) => a.appointmentAt.getTime() - b.appointmentAt.getTime()),
    };
  }

  /**
   * The statement's PDF data (/billing_report/{id}); records the first print (isPrinted, so the history stops
   * highlighting it) and every print or reprint (?new=true) in the audit log. Hospital users read their own
   * hospital's statements (decision acc03); their prints do not count as the branch's print.
   */
  async statementDocument(user: CurrentUser, billingId: string, reprint: boolean): Promise<StatementDocument> {
    const billing =
      user.scope === 'hospital'
        ? await this.hospitalStatement(user, billingId)
        : await this.billingInScope(user, billingId);
    const [lines, receipts] = await Promise.all([this.repo.billingLines(billingId), this.repo.receiptsOf(billingId)]);
    const people = new Map((await this.requests.billableByIds(lines.map((l) => l.requestId))).map((r) => [r.id, r]));
    if (user.scope !== 'hospital' && !billing.isPrinted) await this.repo.markPrinted(billingId, this.now());
    await this.audit.record(
      null,
      {
        action: reprint ? 'billing.statement.reprint' : 'billing.statement.print',
        entityType: 'billing',
        entityId: billingId,
      },
      who(user),
    );
    return {
      billing,
      lines: lines.map((l) => {
        const p = people.get(l.requestId);
        return { ...l, hn: p?.hn ?? '', patientName: p ? patientName(p) : '' };
      }),
      receipts: receipts.filter((r) => r.voidedAt === null),
      totalSatang: lines.reduce((n, l) => n + l.totalSatang, 0),
      paidSatang: lines.reduce((n, l) => n + (l.paidBillingId ? l.totalSatang : 0), 0),
    };
  }

  private async hospitalStatement(user: CurrentUser, billingId: string): Promise<BillingHead> {
    const billing = await this.repo.billing(billingId, null);
    if (!billing || user.hospitalId === null || billing.hospitalId !== user.hospitalId)
      throw billingError('BILLING_NOT_FOUND');
    return billing;
  }

  /**
   * The invoice number of a request (IV…), allocated on its first print in the transaction that records it; a second
   * print, or two at once, get the same number (the loser's allocation rolls back, leaving no gap).
   */
  async invoiceNumber(user: CurrentUser, request: { id: string; branchId: number }): Promise<string> {
    const existing = await this.repo.invoiceOf(request.id);
    if (existing) return existing.documentNo;
    const { documentNo: issued, won } = await this.repo
      .transaction(async (tx) => {
        const documentNo = await this.numbers.issue(tx, request.branchId, 'IV');
        if (
          !(await tx.insertInvoice({
            requestId: request.id,
            branchId: request.branchId,
            documentNo,
            createdBy: user.userId,
            createdAt: this.now(),
          }))
        ) {
          throw new InvoiceRaceLost();
        }
        return { documentNo, won: true };
      })
      .catch(async (err: unknown) => {
        if (!(err instanceof InvoiceRaceLost)) throw err;
        return { documentNo: (await this.repo.invoiceOf(request.id))!.documentNo, won: false };
      });
    // The print that lost the race issued nothing: the number is audited once, by the one that issued it.
    if (won)
      await this.audit.record(
        null,
        {
          action: 'billing.invoice.number',
          entityType: 'request',
          entityId: request.id,
          detail: { documentNo: issued },
        },
        who(user),
      );
    return issued;
  }

  /** Is the request paid in some batch (by receipt or by hand)? The invoice then prints no payment QR code. */
  async isRequestPaid(requestId: string): Promise<boolean> {
    return (await this.billingFactsOf([requestId])).get(requestId)?.paidBillingId != null;
  }

  /** GET /api/billing/aging: unpaid billed requests by age of their appointment day (decision acc18). */
  async aging(user: CurrentUser, hospitalId: number | undefined): Promise<BillingAging> {
    const branchId = this.branchOf(user);
    if (hospitalId !== undefined) await this.hospitalInScope(user, hospitalId);
    const today = bangkokDayOf(this.now());
    const rows = new Map(
      (await this.repo.aging({ branchId, hospitalId: hospitalId ?? null, today })).map((r) => [r.bucket, r]),
    );
    return {
      asOf: today,
      hospitalId: hospitalId ?? null,
      buckets: AGING_BUCKETS.map((bucket) => ({
        bucket,
        count: rows.get(bucket)?.count ?? 0,
        total: satangToBaht(rows.get(bucket)?.totalSatang ?? 0),
      })),
    };
  }

  // --- ports for other modules ----------------------------------------------------------------------------------

  /** The request list's and exam history's billing fields (the requests and patients modules' port). */
  async billingFactsOf(requestIds: string[]): Promise<Map<string, RequestBillingFacts>> {
    if (requestIds.length === 0) return new Map();
    const [batches, invoices] = await Promise.all([
      this.repo.batchFactsOf(requestIds),
      this.repo.invoicesOf(requestIds),
    ]);
    const out = new Map<string, RequestBillingFacts>(
      batches.map((b) => [b.requestId, { ...batchFacts(b), invoiceNo: null }]),
    );
    for (const { requestId, documentNo } of invoices)
      out.set(requestId, { ...(out.get(requestId) ?? EMPTY_BILLING_FACTS), invoiceNo: documentNo });
    return out;
  }

  /**
   * For the accounting module (exam fees paid by cheque): the live receipt of the branch with this document number,
   * as typed (trimmed, upper-cased), or null.
   */
  async liveReceiptByDocumentNo(branchId: number, documentNo: string): Promise<ReceiptRow | null> {
    return (await this.repo.liveReceiptByDocumentNo(branchId, documentNo.trim().toUpperCase())) ?? null;
  }

  /** For the accounting module (an exam fee paid by cheque names its receipt by id): the live receipt, or null. */
  async liveReceiptById(branchId: number, receiptId: string): Promise<ReceiptRow | null> {
    return (await this.repo.liveReceiptById(branchId, receiptId)) ?? null;
  }

  /**
   * For the accounting module (petty cash "today's received transfers"): satang of the branch's live transfer
   * receipts created on a Bangkok day (yyyy-MM-dd). A receipt voided later drops out of the figure.
   */
  transferReceiptsTotal(branchId: number, day: string): Promise<number> {
    return this.repo.transferTotal(branchId, bangkokDayStart(day), bangkokDayStart(day, 1));
  }

  /** For the accounting module's cash-up: every receipt of the branch created on a Bangkok day, voided ones included. */
  receiptsOfDay(branchId: number, day: string) {
    return this.repo.receiptsCreatedBetween(branchId, bangkokDayStart(day), bangkokDayStart(day, 1));
  }
}

/** Another print issued the request's invoice number first: its number is the one kept. */
class InvoiceRaceLost extends Error {}

/** `createdAt~id` of the history's cursor; null when it does not parse. */
function parseCursor(raw: string): { at: Date; id: string } | null {
  const [at, id] = raw.split('~');
  const when = new Date(at ?? '');
  if (!id || Number.isNaN(when.getTime())) return null;
  return { at: when, id };
}
