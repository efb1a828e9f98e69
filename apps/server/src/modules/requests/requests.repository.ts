import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accessionSequences, billingRequests, billings, branches, customPrices, documents, examEvents, exams, hospitalBuildings,
  hospitalDoctors, hospitalPrivileges, hospitals, lookups, modalities, patients, privilegePrices, products, requestProducts,
  requests, users,
} from '../../db/schema/index';

export type RequestRow = typeof requests.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export const PAGE_SIZE = 50;

/** SQL for imaging requests: lookups the rules need, the search page, and the writes of one save. */
export class RequestsRepository {
  constructor(readonly db: Database) {}

  async patient(id: string, scope: SQL) {
    const [row] = await this.db.select().from(patients).where(and(eq(patients.id, id), scope)).limit(1);
    return row;
  }

  async hospital(id: number) {
    const [row] = await this.db.select().from(hospitals).where(and(eq(hospitals.id, id), eq(hospitals.isActive, true))).limit(1);
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
    const [row] = await this.db.select().from(lookups).where(and(eq(lookups.id, id), eq(lookups.kind, kind))).limit(1);
    return row;
  }

  lookupsOf(kinds: string[]) {
    return this.db.select().from(lookups).where(and(inArray(lookups.kind, kinds), eq(lookups.isActive, true)))
      .orderBy(asc(lookups.kind), asc(lookups.sortOrder), asc(lookups.id));
  }

  async modalityCodes(): Promise<Set<string>> {
    return new Set((await this.db.select({ code: modalities.code }).from(modalities)).map((m) => m.code));
  }

  products(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as ProductRow[]);
    return this.db.select().from(products).where(and(inArray(products.id, ids), eq(products.isActive, true)));
  }

  async privilegePrices(privilegeId: number, productIds?: number[]): Promise<Map<number, number>> {
    const where = productIds ? and(eq(privilegePrices.privilegeId, privilegeId), inArray(privilegePrices.productId, productIds.length ? productIds : [-1]))
      : eq(privilegePrices.privilegeId, privilegeId);
    const rows = await this.db.select().from(privilegePrices).where(where);
    return new Map(rows.map((r) => [r.productId, r.priceSatang]));
  }

  /**
   * Takes the next n numbers of a branch's day in one statement. The row lock it takes holds until the transaction
   * ends, so concurrent saves queue here and never get the same number; a rolled-back save gives its numbers back
   * unused, and a committed one is never handed out again.
   */
  async allocateSequence(tx: Database, branchId: number, day: string, n: number): Promise<number> {
    const [row] = await tx.insert(accessionSequences).values({ branchId, day, lastValue: n })
      .onConflictDoUpdate({ target: [accessionSequences.branchId, accessionSequences.day], set: { lastValue: sql`${accessionSequences.lastValue} + ${n}` } })
      .returning({ last: accessionSequences.lastValue });
    return row!.last - n + 1;
  }

  async find(id: string, scope: SQL, opts: { includeDeleted?: boolean } = {}) {
    const [row] = await this.db.select().from(requests)
      .where(and(eq(requests.id, id), scope, opts.includeDeleted ? undefined : isNull(requests.deletedAt))).limit(1);
    return row;
  }

  examsOf(requestIds: string[], db: Database = this.db) {
    if (requestIds.length === 0) return Promise.resolve([]);
    return db.select({
      exam: exams,
      hasDocument: sql<boolean>`exists (select 1 from documents d where d.exam_id = ${exams.id} and d.kind = 'document' and d.deleted_at is null)`,
      hasReport: sql<boolean>`exists (select 1 from finished_reports f where f.exam_id = ${exams.id})`,
    }).from(exams).where(and(inArray(exams.requestId, requestIds), isNull(exams.deletedAt))).orderBy(asc(exams.modalityCode));
  }

  lines(requestId: string) {
    return this.db.select({ line: requestProducts, product: products }).from(requestProducts)
      .innerJoin(products, eq(products.id, requestProducts.productId))
      .where(eq(requestProducts.requestId, requestId)).orderBy(asc(products.modalityCode), asc(products.id));
  }

  /** The newest custom price of each request. */
  async latestCustomPrices(requestIds: string[]) {
    if (requestIds.length === 0) return new Map<string, typeof customPrices.$inferSelect>();
    const rows = await this.db.selectDistinctOn([customPrices.requestId]).from(customPrices)
      .where(inArray(customPrices.requestId, requestIds)).orderBy(customPrices.requestId, desc(customPrices.id));
    return new Map(rows.map((r) => [r.requestId, r]));
  }

  async customPrice(id: number) {
    const [row] = await this.db.select().from(customPrices).where(eq(customPrices.id, id)).limit(1);
    return row;
  }

  /** Request documents attached (not deleted), with their type, for the missing-documents check. */
  requestDocuments(requestIds: string[]) {
    if (requestIds.length === 0) return Promise.resolve([]);
    return this.db.select({ requestId: documents.requestId, typeId: documents.documentTypeId, id: documents.id, fileName: documents.fileName, modalityCode: documents.modalityCode, kind: documents.kind })
      .from(documents).where(and(inArray(documents.requestId, requestIds), isNull(documents.deletedAt)));
  }

  /** Contrast products and modalities per request, for the documents a request needs. */
  async productFacts(requestIds: string[]) {
    if (requestIds.length === 0) return [];
    return this.db.select({ requestId: requestProducts.requestId, modalityCode: products.modalityCode, productGroup: products.productGroup })
      .from(requestProducts).innerJoin(products, eq(products.id, requestProducts.productId))
      .where(inArray(requestProducts.requestId, requestIds));
  }

  async billingOf(requestIds: string[]) {
    if (requestIds.length === 0) return [];
    return this.db.select({ requestId: billingRequests.requestId, billingId: billings.id, documentNo: billings.documentNo, paidReceiptId: billingRequests.paidReceiptId, createdAt: billings.createdAt })
      .from(billingRequests).innerJoin(billings, eq(billings.id, billingRequests.billingId))
      .where(inArray(billingRequests.requestId, requestIds)).orderBy(asc(billings.createdAt));
  }

  /** One page of requests (newest appointment first) and the total, in SQL. */
  async search(where: SQL[], page: number) {
    const cond = and(isNull(requests.deletedAt), ...where);
    const rows = await this.db.select({ request: requests, patient: patients }).from(requests)
      .innerJoin(patients, eq(patients.id, requests.patientId))
      .where(cond)
      .orderBy(sql`${requests.appointmentAt} desc nulls first, ${requests.id} desc nulls first`)
      .limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(requests)
      .innerJoin(patients, eq(patients.id, requests.patientId)).where(cond);
    return { rows, total: count?.n ?? 0 };
  }

  userName(id: string | null) {
    if (!id) return Promise.resolve(null);
    return this.db.select({ name: users.displayName }).from(users).where(eq(users.id, id)).limit(1).then((r) => r[0]?.name ?? null);
  }

  logExams(tx: Database, rows: (typeof examEvents.$inferInsert)[]) {
    return rows.length ? tx.insert(examEvents).values(rows) : Promise.resolve();
  }
}
