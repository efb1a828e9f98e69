import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';
import {
  billingRequests,
  billings,
  branches,
  documentNumbers,
  hospitalPrivileges,
  hospitals,
  invoices,
  receiptLines,
  receipts,
} from '../../db/schema/index';

export type BillingRow = typeof billings.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
export type NewBilling = typeof billings.$inferInsert;
export type NewBillingLine = typeof billingRequests.$inferInsert;
export type NewReceipt = typeof receipts.$inferInsert;

/** A batch with the names it shows. */
export interface BillingHead extends BillingRow {
  hospitalName: string;
  privilegeName: string | null;
  branchName: string;
}

/** A line of a batch with where (and how) its request is paid, in this batch or another. */
export interface BillingLineRow {
  requestId: string;
  totalSatang: number;
  appointmentAt: Date;
  paidBillingId: string | null;
  paidReceiptId: string | null;
  paidReceiptNo: string | null;
  paidAt: Date | null;
}

/** A billing line of a request, for the request list's billing facts. */
/** A request's batches as its rows show them: the newest batch listing it, and the one it is paid in. */
export interface RequestBatchFact {
  requestId: string;
  latestBillingId: string;
  latestBillingDocumentId: string;
  paidBillingId: string | null;
}

/**
 * `column = any($1)` with the ids as one array parameter: a batch's 2,000 ids as 2,000 parameters of an IN list cost
 * the planner several milliseconds each time, and the list's row estimate led it to read all of billing_requests.
 */
function anyOf(column: SQLWrapper, ids: string[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::uuid[])`;
}

/** Rows per INSERT statement: 2,000 lines × 5 columns stay far below the 65,535 bound parameters of one statement. */
const CHUNK = 1000;

/**
 * The SQL of the billing module's tables: billings, billing_requests, receipts, receipt_lines, document_numbers and
 * invoices; and the reads of branches, hospitals and privileges that batches name (organization lookups, read only).
 */
export class BillingRepository {
  constructor(readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await this.db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  /** Runs fn with a repository bound to one transaction: all or nothing. */
  transaction<T>(fn: (tx: BillingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(new BillingRepository(tx as unknown as Database)));
  }

  // --- organization lookups -------------------------------------------------------------------------------------

  async hospital(id: number) {
    const [row] = await this.db
      .select({ id: hospitals.id, name: hospitals.name, branchId: hospitals.branchId })
      .from(hospitals)
      .where(eq(hospitals.id, id))
      .limit(1);
    return row;
  }

  /** Active hospitals of a branch (all branches for null), by name. */
  hospitalsOf(branchId: number | null) {
    return this.db
      .select({ id: hospitals.id, name: hospitals.name })
      .from(hospitals)
      .where(and(eq(hospitals.isActive, true), branchId === null ? undefined : eq(hospitals.branchId, branchId)))
      .orderBy(asc(hospitals.name), asc(hospitals.id));
  }

  privilegesOf(hospitalId: number) {
    return this.db
      .select({ id: hospitalPrivileges.id, name: hospitalPrivileges.name })
      .from(hospitalPrivileges)
      .where(and(eq(hospitalPrivileges.hospitalId, hospitalId), eq(hospitalPrivileges.isActive, true)))
      .orderBy(asc(hospitalPrivileges.name), asc(hospitalPrivileges.id));
  }

  async privilege(id: number) {
    const [row] = await this.db
      .select({ id: hospitalPrivileges.id, hospitalId: hospitalPrivileges.hospitalId, name: hospitalPrivileges.name })
      .from(hospitalPrivileges)
      .where(eq(hospitalPrivileges.id, id))
      .limit(1);
    return row;
  }

  async branchCode(branchId: number): Promise<string> {
    const [row] = await this.db
      .select({ code: branches.code })
      .from(branches)
      .where(eq(branches.id, branchId))
      .limit(1);
    if (!row) throw new Error(`branch ${branchId} does not exist`);
    return row.code;
  }

  // --- document numbers -----------------------------------------------------------------------------------------

  /**
   * The next number of a kind for a branch and year. The upsert locks the counter's row until the transaction ends,
   * so numbers are handed out one at a time, and a rollback gives the number back: no gaps (decision acc17).
   */
  async nextNumber(branchId: number, kind: string, beYear: number): Promise<number> {
    const [row] = await this.db
      .insert(documentNumbers)
      .values({ branchId, kind, beYear, lastNo: 1 })
      .onConflictDoUpdate({
        target: [documentNumbers.branchId, documentNumbers.kind, documentNumbers.beYear],
        set: { lastNo: sql`${documentNumbers.lastNo} + 1` },
      })
      .returning({ lastNo: documentNumbers.lastNo });
    return row!.lastNo;
  }

  // --- facts of requests ----------------------------------------------------------------------------------------

  /**
   * Per request among these, its newest batch and the batch it is paid in (reads billing_requests_request_idx).
   * Folded in SQL and mapped by the driver: the search asks it of 2,000 requests at a time.
   */
  batchFactsOf(requestIds: string[]): Promise<RequestBatchFact[]> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return selectRows<RequestBatchFact>(
      this.db,
      sql`
      select br.request_id as "requestId",
             (array_agg(b.id order by b.created_at desc, b.id desc))[1] as "latestBillingId",
             (array_agg(b.document_no order by b.created_at desc, b.id desc))[1] as "latestBillingDocumentId",
             (array_agg(b.id) filter (where br.paid_at is not null))[1] as "paidBillingId"
        from billing_requests br join billings b on b.id = br.billing_id
       where br.request_id = any(${sql.param(requestIds)}::uuid[])
       group by br.request_id`,
    );
  }

  invoicesOf(requestIds: string[]) {
    if (requestIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ requestId: invoices.requestId, documentNo: invoices.documentNo })
      .from(invoices)
      .where(anyOf(invoices.requestId, requestIds));
  }

  async invoiceOf(requestId: string) {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.requestId, requestId)).limit(1);
    return row;
  }

  /** Inserts the invoice number unless another print got there first; the number kept is returned. */
  async insertInvoice(values: typeof invoices.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(invoices)
      .values(values)
      .onConflictDoNothing({ target: invoices.requestId })
      .returning({ id: invoices.requestId });
    return rows.length > 0;
  }

  /** The requests among these that are paid in some batch. */
  async paidAmong(requestIds: string[]): Promise<string[]> {
    if (requestIds.length === 0) return [];
    const rows = await this.db
      .select({ id: billingRequests.requestId })
      .from(billingRequests)
      .where(and(anyOf(billingRequests.requestId, requestIds), isNotNull(billingRequests.paidAt)));
    return rows.map((r) => r.id);
  }

  // --- batches --------------------------------------------------------------------------------------------------

  async insertBilling(values: NewBilling): Promise<BillingRow> {
    const [row] = await this.db.insert(billings).values(values).returning();
    return row!;
  }

  /**
   * A new batch's lines in one statement of four array parameters (unnest): 2,000 lines as 8,000 bind parameters in
   * two INSERTs cost more to bind and plan than to write (docs/performance.md "Billing").
   */
  async insertLines(
    lines: Pick<NewBillingLine, 'billingId' | 'requestId' | 'totalSatang' | 'appointmentAt'>[],
  ): Promise<void> {
    if (lines.length === 0) return;
    await this.db.execute(sql`
      insert into billing_requests (billing_id, request_id, total_satang, appointment_at)
      select * from unnest(${sql.param(lines.map((l) => l.billingId))}::uuid[], ${sql.param(lines.map((l) => l.requestId))}::uuid[],
        ${sql.param(lines.map((l) => l.totalSatang))}::int[], ${sql.param(lines.map((l) => l.appointmentAt.toISOString()))}::timestamptz[])`);
  }

  /** A batch with its names, when it is of the branch (any branch for null). */
  async billing(id: string, branchId: number | null): Promise<BillingHead | undefined> {
    const [row] = await this.db
      .select({
        ...billingColumns,
        hospitalName: hospitals.name,
        privilegeName: hospitalPrivileges.name,
        branchName: branches.name,
      })
      .from(billings)
      .innerJoin(hospitals, eq(hospitals.id, billings.hospitalId))
      .innerJoin(branches, eq(branches.id, billings.branchId))
      .leftJoin(hospitalPrivileges, eq(hospitalPrivileges.id, billings.privilegeId))
      .where(and(eq(billings.id, id), branchId === null ? undefined : eq(billings.branchId, branchId)))
      .limit(1);
    return row;
  }

  /** The batch's lines in appointment order, each with the line that pays its request (here or in another batch). */
  billingLines(billingId: string): Promise<BillingLineRow[]> {
    return this.rows<{
      request_id: string;
      total_satang: number;
      appointment_at: string | Date;
      paid_billing_id: string | null;
      paid_receipt_id: string | null;
      paid_receipt_no: string | null;
      paid_at: string | Date | null;
    }>(
      sql`
      select br.request_id, br.total_satang, br.appointment_at, p.billing_id as paid_billing_id, p.paid_receipt_id,
             r.document_no as paid_receipt_no, p.paid_at
        from billing_requests br
        left join billing_requests p on p.request_id = br.request_id and p.paid_at is not null
        left join receipts r on r.id = p.paid_receipt_id
       where br.billing_id = ${billingId}
       order by br.appointment_at, br.request_id`,
    ).then((rows) =>
      rows.map((r) => ({
        requestId: r.request_id,
        totalSatang: Number(r.total_satang),
        appointmentAt: new Date(r.appointment_at),
        paidBillingId: r.paid_billing_id,
        paidReceiptId: r.paid_receipt_id,
        paidReceiptNo: r.paid_receipt_no,
        paidAt: r.paid_at === null ? null : new Date(r.paid_at),
      })),
    );
  }

  /** The batch's receipts, oldest first, with the requests each pays. */
  receiptsOf(billingId: string) {
    return this.db
      .select({
        ...receiptColumns,
        requestIds: sql<
          string[]
        >`coalesce((select json_agg(l.request_id order by l.request_id) from receipt_lines l where l.receipt_id = ${receipts.id}), '[]'::json)`,
      })
      .from(receipts)
      .where(eq(receipts.billingId, billingId))
      .orderBy(asc(receipts.createdAt), asc(receipts.id));
  }

  /**
   * A page of batches, newest first, older than the cursor (createdAt, id): billings_history_idx or
   * billings_branch_history_idx, then per batch whether all its lines are paid and its receipts. The page is cut
   * (LIMIT) in a subquery before those are worked out, per batch of the page: a few probes of its unpaid lines.
   */
  history(q: {
    branchId: number | null;
    hospitalId: number | null;
    before: { at: Date; id: string } | null;
    limit: number;
  }) {
    const where: (SQL | undefined)[] = [
      q.branchId === null ? undefined : eq(billings.branchId, q.branchId),
      q.hospitalId === null ? undefined : eq(billings.hospitalId, q.hospitalId),
    ];
    if (q.before) {
      const at = q.before.at.toISOString();
      where.push(
        or(
          lt(billings.createdAt, sql`${at}::timestamptz`),
          and(eq(billings.createdAt, sql`${at}::timestamptz`), lt(billings.id, q.before.id)),
        ),
      );
    }
    const page = this.db
      .select(billingColumns)
      .from(billings)
      .where(and(...where))
      .orderBy(desc(billings.createdAt), desc(billings.id))
      .limit(q.limit)
      .as('page');
    return this.db
      .select({
        id: page.id,
        documentNo: page.documentNo,
        branchId: page.branchId,
        hospitalId: page.hospitalId,
        privilegeId: page.privilegeId,
        startDate: page.startDate,
        endDate: page.endDate,
        isPrinted: page.isPrinted,
        printedAt: page.printedAt,
        createdBy: page.createdBy,
        createdAt: page.createdAt,
        hospitalName: hospitals.name,
        privilegeName: hospitalPrivileges.name,
        // A line paid in this batch needs no look elsewhere; an unpaid one (billing_requests_unpaid_idx) is paid if its
        // request is paid in another. A scalar subquery with LIMIT 1, not NOT EXISTS: PostgreSQL may turn NOT EXISTS into
        // one hash of every unpaid line of every batch (0.8–1.1 s at 1,000,000 requests), even for a page of 50.
        isAllPaid: sql<boolean>`(select 1 from billing_requests br where br.billing_id = ${page.id} and br.paid_at is null
        and not exists (select 1 from billing_requests p where p.request_id = br.request_id and p.paid_at is not null) limit 1) is null`,
        receipts: sql<
          { receiptId: string; receiptDocumentId: string; isVoided: boolean }[]
        >`coalesce((select json_agg(json_build_object(
          'receiptId', r.id, 'receiptDocumentId', r.document_no, 'isVoided', r.voided_at is not null) order by r.created_at, r.id)
        from receipts r where r.billing_id = ${page.id}), '[]'::json)`,
      })
      .from(page)
      .innerJoin(hospitals, eq(hospitals.id, page.hospitalId))
      .leftJoin(hospitalPrivileges, eq(hospitalPrivileges.id, page.privilegeId))
      .orderBy(desc(page.createdAt), desc(page.id));
  }

  /** Records the first print of the statement; false when it was printed before. */
  async markPrinted(billingId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(billings)
      .set({ isPrinted: true, printedAt: at })
      .where(and(eq(billings.id, billingId), isNull(billings.printedAt)))
      .returning({ id: billings.id });
    return rows.length > 0;
  }

  // --- payment --------------------------------------------------------------------------------------------------

  /** Marks a line paid by hand; 0 rows when it was paid already (a unique violation when paid in another batch). */
  async payByHand(billingId: string, requestId: string, userId: string, at: Date): Promise<number> {
    const rows = await this.db
      .update(billingRequests)
      .set({ paidAt: at, paidBy: userId, paidReceiptId: null })
      .where(
        and(
          eq(billingRequests.billingId, billingId),
          eq(billingRequests.requestId, requestId),
          isNull(billingRequests.paidAt),
        ),
      )
      .returning({ id: billingRequests.requestId });
    return rows.length;
  }

  /** Marks a line paid by hand back to unpaid; never a line a receipt pays. */
  async unpayByHand(billingId: string, requestId: string): Promise<number> {
    const rows = await this.db
      .update(billingRequests)
      .set({ paidAt: null, paidBy: null })
      .where(
        and(
          eq(billingRequests.billingId, billingId),
          eq(billingRequests.requestId, requestId),
          isNotNull(billingRequests.paidAt),
          isNull(billingRequests.paidReceiptId),
        ),
      )
      .returning({ id: billingRequests.requestId });
    return rows.length;
  }

  /** The lines of a batch among these requests. */
  linesIn(billingId: string, requestIds: string[]) {
    if (requestIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(billingRequests)
      .where(and(eq(billingRequests.billingId, billingId), anyOf(billingRequests.requestId, requestIds)));
  }

  async line(billingId: string, requestId: string) {
    const [row] = await this.db
      .select()
      .from(billingRequests)
      .where(and(eq(billingRequests.billingId, billingId), eq(billingRequests.requestId, requestId)))
      .limit(1);
    return row;
  }

  async insertReceipt(values: NewReceipt): Promise<ReceiptRow> {
    const [row] = await this.db.insert(receipts).values(values).returning();
    return row!;
  }

  async insertReceiptLines(lines: (typeof receiptLines.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < lines.length; i += CHUNK) await this.db.insert(receiptLines).values(lines.slice(i, i + CHUNK));
  }

  /** Marks the batch's lines of these requests paid by the receipt; the number of lines changed. */
  async payByReceipt(
    billingId: string,
    requestIds: string[],
    receiptId: string,
    userId: string,
    at: Date,
  ): Promise<number> {
    const rows = await this.db
      .update(billingRequests)
      .set({ paidAt: at, paidBy: userId, paidReceiptId: receiptId })
      .where(
        and(
          eq(billingRequests.billingId, billingId),
          anyOf(billingRequests.requestId, requestIds),
          isNull(billingRequests.paidAt),
        ),
      )
      .returning({ id: billingRequests.requestId });
    return rows.length;
  }

  async receipt(id: string, billingId: string) {
    const [row] = await this.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.id, id), eq(receipts.billingId, billingId)))
      .limit(1);
    return row;
  }

  async receiptLinesOf(receiptId: string) {
    return this.db
      .select()
      .from(receiptLines)
      .where(eq(receiptLines.receiptId, receiptId))
      .orderBy(asc(receiptLines.requestId));
  }

  /** Voids a live receipt, its lines, and returns the lines it paid to unpaid; false when it was voided already. */
  async voidReceipt(id: string, userId: string, reason: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(receipts)
      .set({ voidedAt: at, voidedBy: userId, voidReason: reason })
      .where(and(eq(receipts.id, id), isNull(receipts.voidedAt)))
      .returning({ id: receipts.id });
    if (rows.length === 0) return false;
    await this.db.update(receiptLines).set({ voidedAt: at }).where(eq(receiptLines.receiptId, id));
    await this.db
      .update(billingRequests)
      .set({ paidAt: null, paidBy: null, paidReceiptId: null })
      .where(eq(billingRequests.paidReceiptId, id));
    return true;
  }

  // --- reports for other modules --------------------------------------------------------------------------------

  /** Unpaid requests (listed in a batch, paid in none) of a branch, by age of the appointment day in buckets. */
  async aging(q: { branchId: number | null; hospitalId: number | null; today: string }) {
    const rows = await this.rows<{ bucket: string; n: number; total: string | number }>(sql`
      with unpaid as (
        select distinct on (br.request_id) br.request_id, br.total_satang,
               (${q.today}::date - (br.appointment_at at time zone 'Asia/Bangkok')::date) as age
          from billing_requests br join billings b on b.id = br.billing_id
         where ${q.branchId === null ? sql`true` : sql`b.branch_id = ${q.branchId}`}
           and ${q.hospitalId === null ? sql`true` : sql`b.hospital_id = ${q.hospitalId}`}
           and not exists (select 1 from billing_requests p where p.request_id = br.request_id and p.paid_at is not null)
         order by br.request_id, b.created_at desc, b.id desc)
      select case when age <= 30 then '0-30' when age <= 60 then '31-60' when age <= 90 then '61-90' else '90+' end as bucket,
             count(*)::int as n, coalesce(sum(total_satang), 0)::bigint as total
        from unpaid group by 1`);
    return rows.map((r) => ({ bucket: r.bucket, count: Number(r.n), totalSatang: Number(r.total) }));
  }

  /** A live receipt of the branch by its number. */
  async liveReceiptByDocumentNo(branchId: number, documentNo: string) {
    const [row] = await this.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.branchId, branchId), eq(receipts.documentNo, documentNo), isNull(receipts.voidedAt)))
      .limit(1);
    return row;
  }

  async liveReceiptById(branchId: number, receiptId: string) {
    const [row] = await this.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.branchId, branchId), eq(receipts.id, receiptId), isNull(receipts.voidedAt)))
      .limit(1);
    return row;
  }

  /**
   * Every receipt of the branch created in [from, to), voided ones too (the cash-up lists them apart), oldest first,
   * with its batch's BL number and hospital (receipts_branch_day_idx covers only live ones; a day is a short range).
   */
  receiptsCreatedBetween(branchId: number, from: Date, to: Date) {
    return this.db
      .select({ ...receiptColumns, billingDocumentNo: billings.documentNo, hospitalName: hospitals.name })
      .from(receipts)
      .innerJoin(billings, eq(billings.id, receipts.billingId))
      .innerJoin(hospitals, eq(hospitals.id, billings.hospitalId))
      .where(
        and(
          eq(receipts.branchId, branchId),
          sql`${receipts.createdAt} >= ${from.toISOString()}::timestamptz`,
          sql`${receipts.createdAt} < ${to.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(receipts.createdAt), asc(receipts.id));
  }

  /** Satang of the branch's live transfer receipts created in [from, to) (receipts_branch_day_idx). */
  async transferTotal(branchId: number, from: Date, to: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string | number>`coalesce(sum(${receipts.amountSatang}), 0)::bigint` })
      .from(receipts)
      .where(
        and(
          eq(receipts.branchId, branchId),
          isNull(receipts.voidedAt),
          eq(receipts.type, 'transfer'),
          sql`${receipts.createdAt} >= ${from.toISOString()}::timestamptz`,
          sql`${receipts.createdAt} < ${to.toISOString()}::timestamptz`,
        ),
      );
    return Number(row?.total ?? 0);
  }
}

const billingColumns = {
  id: billings.id,
  documentNo: billings.documentNo,
  branchId: billings.branchId,
  hospitalId: billings.hospitalId,
  privilegeId: billings.privilegeId,
  startDate: billings.startDate,
  endDate: billings.endDate,
  isPrinted: billings.isPrinted,
  printedAt: billings.printedAt,
  createdBy: billings.createdBy,
  createdAt: billings.createdAt,
};

const receiptColumns = {
  id: receipts.id,
  billingId: receipts.billingId,
  branchId: receipts.branchId,
  documentNo: receipts.documentNo,
  type: receipts.type,
  bankName: receipts.bankName,
  amountSatang: receipts.amountSatang,
  linesSatang: receipts.linesSatang,
  number: receipts.number,
  createdBy: receipts.createdBy,
  createdAt: receipts.createdAt,
  voidedAt: receipts.voidedAt,
  voidedBy: receipts.voidedBy,
  voidReason: receipts.voidReason,
};
