import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like-pattern';
import { selectRows } from '../../db/rows';
import type { Database } from '../../db/client';
import type { BillableRequest } from './request-billing-port';
import {
  branches,
  customPrices,
  documents,
  exams,
  hospitalBuildings,
  hospitalDoctors,
  hospitalPrivileges,
  hospitals,
  lookups,
  modalities,
  patients,
  privilegePrices,
  products,
  requestProducts,
  requests,
  users,
} from '../../db/schema/index';

export type RequestRow = typeof requests.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export const PAGE_SIZE = 50;
/**
 * The request list counts matching requests up to this many and then stops: beyond it the total is a lower bound
 * (totalIsEstimate), as the worklist's (docs/decisions/wl1-capped-worklist-total.md and docs/decisions/rq9-request-list-two-statements-capped.md).
 */
export const COUNT_CAP = 10_000;

/** An exam as a row of the request list shows it. */
export interface RequestListExam {
  id: string;
  accessionNumber: string | null;
  modalityCode: string;
  hasImage: boolean;
  isAssigned: boolean;
  zipStatus: string | null;
  branchId: number;
  hasDocument: boolean;
  hasReport: boolean;
}

/** One row of the request list page as searchPage reads it: the request, its patient, and what the row shows of the rest. */
export interface RequestListRow {
  id: string;
  appointmentAt: Date;
  status: string;
  statusRemark: string | null;
  examStartTime: string | null;
  patientId: string;
  hn: string;
  prefixTh: string | null;
  firstNameTh: string;
  middleNameTh: string | null;
  lastNameTh: string | null;
  gender: string;
  birthDate: string | null;
  statedAge: number | null;
  /** Exams not deleted, by modality code. */
  exams: RequestListExam[];
  /** The newest custom price proposal. */
  customPrice: { id: number; status: string } | null;
  /** Document types of the request's documents not deleted (null for an untyped one). */
  documentTypeIds: (number | null)[];
  /** The products ordered, for the documents the request needs. */
  products: { modalityCode: string; productGroup: string }[];
}

/**
 * The columns of a BillableRequest, of `requests r` joined with `patients p`. The appointment comes as epoch
 * milliseconds (the drivers, as Drizzle sets them up, answer timestamps as text) and becomes a Date in billableOf.
 */
const BILLABLE_COLUMNS =
  sql.raw(`r.id, r.branch_id as "branchId", r.hospital_id as "hospitalId", r.privilege_id as "privilegeId",
  (extract(epoch from r.appointment_at) * 1000)::float8 as "appointmentAt", r.status, r.deleted_at is not null as deleted, p.id as "patientId", p.hn,
  p.prefix_th as "prefixTh", p.first_name_th as "firstNameTh", p.middle_name_th as "middleNameTh", p.last_name_th as "lastNameTh",
  r.total_satang::float8 as "totalSatang"`);

type BillableRow = Omit<BillableRequest, 'appointmentAt'> & { appointmentAt: number | Date };

function billableOf(rows: BillableRow[]): BillableRequest[] {
  for (const row of rows) row.appointmentAt = new Date(row.appointmentAt);
  return rows as BillableRequest[];
}

/** SQL that reads imaging requests: lookups the rules need, the search page, a request and its lines (request-writes.repository writes them). */
export class RequestsRepository {
  constructor(
    readonly db: Database,
    private readonly countCap = COUNT_CAP,
  ) {}

  /**
   * Live requests (not deleted, not on Hold) of a hospital, and of a privilege when given, whose appointment falls in
   * [from, to), oldest first, at most `limit`, with each one's total from its priced lines (billing search, issue 24).
   * Reads requests_billing_idx, or requests_billing_privilege_idx for a privilege, index-only (migration 0017).
   */
  billable(q: {
    branchId: number | null;
    hospitalId: number;
    privilegeId: number | null;
    from: Date;
    to: Date;
    limit: number;
  }): Promise<BillableRequest[]> {
    // Serial on purpose: for a page of 2,001 rows PostgreSQL picks a parallel Gather Merge whose workers cost more to
    // start than the whole serial scan (16 ms against 6 ms at 1,000,000 requests; docs/performance.md "Billing").
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return this.billablePage(tx, q);
    });
  }

  private billablePage(
    db: Pick<Database, 'execute'>,
    q: { branchId: number | null; hospitalId: number; privilegeId: number | null; from: Date; to: Date; limit: number },
  ) {
    // Hand-written and mapped by the driver: the query builder's per-column mapping of 2,001 rows cost 3 ms a search.
    return selectRows<BillableRow>(
      db,
      sql`
      select ${BILLABLE_COLUMNS} from requests r join patients p on p.id = r.patient_id
      where r.deleted_at is null and r.hospital_id = ${q.hospitalId} and r.status <> 'Hold'
        ${q.branchId === null ? sql`` : sql`and r.branch_id = ${q.branchId}`}
        ${q.privilegeId === null ? sql`` : sql`and r.privilege_id = ${q.privilegeId}`}
        and r.appointment_at >= ${q.from.toISOString()}::timestamptz and r.appointment_at < ${q.to.toISOString()}::timestamptz
      order by r.appointment_at, r.id
      limit ${q.limit}`,
    ).then(billableOf);
  }

  /** The same facts of the given requests (deleted ones included, flagged), for re-checking a batch and showing it. */
  billableByIds(ids: string[]): Promise<BillableRequest[]> {
    if (ids.length === 0) return Promise.resolve([]);
    // One array parameter: 2,000 bind parameters cost the planner more than the lookup (docs/performance.md).
    return selectRows<BillableRow>(
      this.db,
      sql`
      select ${BILLABLE_COLUMNS} from requests r join patients p on p.id = r.patient_id where r.id = any(${sql.param(ids)}::uuid[])`,
    ).then(billableOf);
  }

  /** The patient, within `scope` when one is given. */
  async patient(id: string, scope?: SQL) {
    const [row] = await this.db
      .select()
      .from(patients)
      .where(and(eq(patients.id, id), scope))
      .limit(1);
    return row;
  }

  async hospital(id: number) {
    const [row] = await this.db
      .select()
      .from(hospitals)
      .where(and(eq(hospitals.id, id), eq(hospitals.isActive, true)))
      .limit(1);
    return row;
  }

  async branch(id: number) {
    const [row] = await this.db.select().from(branches).where(eq(branches.id, id)).limit(1);
    return row!;
  }

  async privilege(id: number) {
    const [row] = await this.db.select().from(hospitalPrivileges).where(eq(hospitalPrivileges.id, id)).limit(1);
    return row;
  }

  async doctor(id: number) {
    const [row] = await this.db.select().from(hospitalDoctors).where(eq(hospitalDoctors.id, id)).limit(1);
    return row;
  }

  async building(id: number) {
    const [row] = await this.db.select().from(hospitalBuildings).where(eq(hospitalBuildings.id, id)).limit(1);
    return row;
  }

  async lookup(id: number, kind: string) {
    const [row] = await this.db
      .select()
      .from(lookups)
      .where(and(eq(lookups.id, id), eq(lookups.kind, kind)))
      .limit(1);
    return row;
  }

  lookupsOf(kinds: string[]) {
    return this.db
      .select()
      .from(lookups)
      .where(and(inArray(lookups.kind, kinds), eq(lookups.isActive, true)))
      .orderBy(asc(lookups.kind), asc(lookups.sortOrder), asc(lookups.id));
  }

  async modalityCodes(): Promise<Set<string>> {
    return new Set((await this.db.select({ code: modalities.code }).from(modalities)).map((m) => m.code));
  }

  products(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as ProductRow[]);
    return this.db
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  }

  async privilegePrices(privilegeId: number, productIds?: number[]): Promise<Map<number, number>> {
    const where = productIds
      ? and(
          eq(privilegePrices.privilegeId, privilegeId),
          inArray(privilegePrices.productId, productIds.length ? productIds : [-1]),
        )
      : eq(privilegePrices.privilegeId, privilegeId);
    const rows = await this.db.select().from(privilegePrices).where(where);
    return new Map(rows.map((r) => [r.productId, r.priceSatang]));
  }

  /** Which of these accession numbers an exam (deleted ones included) already carries. */
  async takenAccessionNumbers(tx: Database, numbers: string[]): Promise<Set<string>> {
    if (numbers.length === 0) return new Set();
    const rows = await tx
      .select({ n: exams.accessionNumber })
      .from(exams)
      .where(inArray(exams.accessionNumber, numbers));
    return new Set(rows.map((r) => r.n).filter((n): n is string => n !== null));
  }

  /** Every branch's code and accession pattern: a hand-given number must not look like any branch's automatic one. */
  async accessionPatterns(): Promise<{ code: string; accessionPattern: string }[]> {
    return this.db.select({ code: branches.code, accessionPattern: branches.accessionPattern }).from(branches);
  }

  async find(id: string, scope: SQL, opts: { includeDeleted?: boolean } = {}) {
    const [row] = await this.db
      .select()
      .from(requests)
      .where(and(eq(requests.id, id), scope, opts.includeDeleted ? undefined : isNull(requests.deletedAt)))
      .limit(1);
    return row;
  }

  examsOf(requestIds: string[], db: Database = this.db) {
    if (requestIds.length === 0) return Promise.resolve([]);
    // "exams"."id" spelled out: in the select list of a one-table query Drizzle writes a bare "id", which inside these
    // subqueries would name the document's or the report's own id (and the flags would always be false).
    return db
      .select({
        exam: exams,
        hasDocument: sql<boolean>`exists (select 1 from documents d where d.exam_id = "exams"."id" and d.kind = 'document' and d.deleted_at is null)`,
        hasReport: sql<boolean>`exists (select 1 from finished_reports f where f.exam_id = "exams"."id")`,
      })
      .from(exams)
      .where(and(inArray(exams.requestId, requestIds), isNull(exams.deletedAt)))
      .orderBy(asc(exams.modalityCode));
  }

  lines(requestId: string) {
    return this.db
      .select({ line: requestProducts, product: products })
      .from(requestProducts)
      .innerJoin(products, eq(products.id, requestProducts.productId))
      .where(eq(requestProducts.requestId, requestId))
      .orderBy(asc(products.modalityCode), asc(products.id));
  }

  /** The newest custom price of each request. */
  async latestCustomPrices(requestIds: string[]) {
    if (requestIds.length === 0) return new Map<string, typeof customPrices.$inferSelect>();
    const rows = await this.db
      .selectDistinctOn([customPrices.requestId])
      .from(customPrices)
      .where(inArray(customPrices.requestId, requestIds))
      .orderBy(customPrices.requestId, desc(customPrices.id));
    return new Map(rows.map((r) => [r.requestId, r]));
  }

  async customPrice(id: number) {
    const [row] = await this.db.select().from(customPrices).where(eq(customPrices.id, id)).limit(1);
    return row;
  }

  /** Request documents attached (not deleted), with their type, for the missing-documents check. */
  requestDocuments(requestIds: string[]) {
    if (requestIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        requestId: documents.requestId,
        typeId: documents.documentTypeId,
        id: documents.id,
        fileName: documents.fileName,
        modalityCode: documents.modalityCode,
        kind: documents.kind,
      })
      .from(documents)
      .where(and(inArray(documents.requestId, requestIds), isNull(documents.deletedAt)));
  }

  /**
   * The request list's filters as conditions on `requests`. Patient and exam conditions are subqueries keyed by the
   * request's columns: the page and the count read requests only.
   */
  searchConditions(f: {
    patientId?: string;
    from?: Date;
    to?: Date;
    hn?: string;
    nationalId?: string;
    patientName?: string;
    accessionNumber?: string;
    modalityCode?: string;
  }): SQL[] {
    const where: SQL[] = [];
    if (f.patientId) where.push(eq(requests.patientId, f.patientId));
    if (f.from) where.push(sql`${requests.appointmentAt} >= ${f.from.toISOString()}`);
    if (f.to) where.push(sql`${requests.appointmentAt} < ${f.to.toISOString()}`);
    if (f.hn) where.push(sql`"requests"."patient_id" in (select p.id from patients p where p.hn = ${f.hn})`);
    if (f.nationalId)
      where.push(
        sql`"requests"."patient_id" in (select p.id from patients p where p.national_number = ${f.nationalId})`,
      );
    if (f.patientName)
      where.push(
        sql`"requests"."patient_id" in (select p.id from patients p where p.search_name like ${containsPattern(f.patientName)})`,
      );
    if (f.accessionNumber)
      where.push(
        sql`exists (select 1 from exams e where e.request_id = "requests"."id" and e.accession_number = ${f.accessionNumber})`,
      );
    // A scalar subquery, not EXISTS: the planner cannot turn it into a join, so each request of the window is one probe
    // of exams_request_modality_idx. As a semi-join PostgreSQL hashed every exam of the modality (a table scan, ~1 s at
    // a million), and PGlite, without statistics, scanned the index once per request
    // (docs/decisions/rq9-request-list-two-statements-capped.md).
    if (f.modalityCode)
      where.push(
        sql`(select true from exams e where e.request_id = "requests"."id" and e.modality_code = ${f.modalityCode} and e.deleted_at is null limit 1)`,
      );
    return where;
  }

  /**
   * One page of the request list (newest appointment first, then id) with everything its rows show, and the total.
   * Two statements, run together (in parallel on PostgreSQL; PGlite has one connection and runs them in turn):
   * - the page: the 50 request ids read off the list index of the user's scope (requests_*_list_idx, migration 0007:
   *   same order, `deleted_at is null`), then per row the request, its patient, and — keyed by the request id — its
   *   exams with their document and report flags, the newest custom price, the documents attached, the products
   *   ordered (for the documents it needs), as JSON subqueries (its billing comes from the billing module's port);
   * - the count, which stops after COUNT_CAP + 1 rows: past the cap the total is a lower bound (totalIsEstimate), as
   *   the worklist's (docs/decisions/wl1-capped-worklist-total.md, docs/decisions/rq9-request-list-two-statements-capped.md).
   * Patient conditions in `where` must be subqueries on requests.patient_id: the page and the count read requests only.
   */
  async searchPage(
    where: SQL[],
    page: number,
  ): Promise<{ rows: RequestListRow[]; total: number; totalIsEstimate: boolean }> {
    const cond = and(isNull(requests.deletedAt), ...where);
    const offset = (page - 1) * PAGE_SIZE;
    const ids = this.db
      .select({ id: requests.id, at: requests.appointmentAt })
      .from(requests)
      .where(cond)
      .orderBy(sql`${requests.appointmentAt} desc nulls first, ${requests.id} desc nulls first`)
      .limit(PAGE_SIZE)
      .offset(offset)
      .as('page');
    const capped = this.db
      .select({ one: sql<number>`1`.as('one') })
      .from(requests)
      .where(cond)
      .limit(this.countCap + 1)
      .as('capped');
    // Spelled out rather than ${requests.id}: Drizzle writes a bare "id" in some select lists (see examsOf).
    const rid = sql.raw('"requests"."id"');
    const [rows, [count]] = await Promise.all([
      this.db
        .select({
          id: requests.id,
          appointmentAt: requests.appointmentAt,
          status: requests.status,
          statusRemark: requests.statusRemark,
          examStartTime: requests.examStartTime,
          patientId: patients.id,
          hn: patients.hn,
          prefixTh: patients.prefixTh,
          firstNameTh: patients.firstNameTh,
          middleNameTh: patients.middleNameTh,
          lastNameTh: patients.lastNameTh,
          gender: patients.gender,
          birthDate: patients.birthDate,
          statedAge: patients.statedAge,
          exams: sql<RequestListExam[]>`coalesce((select json_agg(json_build_object(
            'id', e.id, 'accessionNumber', e.accession_number, 'modalityCode', e.modality_code, 'hasImage', e.has_image,
            'isAssigned', e.reviewer_id is not null, 'zipStatus', e.zip_status, 'branchId', e.branch_id,
            'hasDocument', exists (select 1 from documents d where d.exam_id = e.id and d.kind = 'document' and d.deleted_at is null),
            'hasReport', exists (select 1 from finished_reports f where f.exam_id = e.id)) order by e.modality_code, e.id)
          from exams e where e.request_id = ${rid} and e.deleted_at is null), '[]'::json)`,
          customPrice: sql<{
            id: number;
            status: string;
          } | null>`(select json_build_object('id', c.id, 'status', c.status)
          from custom_prices c where c.request_id = ${rid} order by c.id desc limit 1)`,
          documentTypeIds: sql<(number | null)[]>`coalesce((select json_agg(d.document_type_id)
          from documents d where d.request_id = ${rid} and d.deleted_at is null), '[]'::json)`,
          products: sql<{ modalityCode: string; productGroup: string }[]>`coalesce((select json_agg(json_build_object(
            'modalityCode', p.modality_code, 'productGroup', p.product_group))
          from request_products rp join products p on p.id = rp.product_id where rp.request_id = ${rid}), '[]'::json)`,
        })
        .from(ids)
        .innerJoin(requests, eq(requests.id, ids.id))
        .innerJoin(patients, eq(patients.id, requests.patientId))
        .orderBy(sql`${ids.at} desc nulls first, ${ids.id} desc nulls first`),
      this.db.select({ n: sql<number>`count(*)::int` }).from(capped),
    ]);
    const n = count?.n ?? 0;
    if (n <= this.countCap) return { rows, total: n, totalIsEstimate: false };
    // More than the cap match: at least the cap, and at least the rows up to the end of this page when it has any.
    return {
      rows,
      total: rows.length > 0 ? Math.max(this.countCap, offset + rows.length) : this.countCap,
      totalIsEstimate: true,
    };
  }

  userName(id: string | null) {
    if (!id) return Promise.resolve(null);
    return this.db
      .select({ name: users.displayName })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .then((r) => r[0]?.name ?? null);
  }
}
