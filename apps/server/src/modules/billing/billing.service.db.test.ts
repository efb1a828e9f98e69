import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { thai } from '../../i18n/catalogue';
import { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AttemptLimiter } from '../../http/attempt-limiter';
import { currentUserNamed, refusalOf } from '../../test/service-test';
import { openTestDatabase } from '../../test/test-app';
import { requestsModule } from '../requests/requests.module';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { DocumentNumbers } from './document-numbers';

interface DemoRequest {
  id: string;
  day: string;
  totalSatang: number;
}

// The rules of billing batches and receipts, on the demo database: what is refused (and that a refusal writes
// nothing, numbers included), what is computed here rather than taken from the client, and who sees what.
describe(BillingService.name, () => {
  let database: DatabaseHandle;
  let sut: BillingService;
  let clock = new Date('2026-12-15T03:00:00Z');
  const now = () => clock;
  const users: Record<string, CurrentUser> = {};
  let h1: number;
  let h2: number;
  let h3: number;
  /** Live requests of H1 (RS1), oldest first, never batched by an earlier test: take() hands them out. */
  let h1Requests: DemoRequest[];
  let h2Request: DemoRequest;
  let h3Request: DemoRequest;
  let deletedRequest: DemoRequest;
  let heldRequest: DemoRequest;

  const rows = async <T>(query: SQL) => rowsOf<T>(await database.db.execute(query));
  const count = async (table: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  const counts = async () => ({
    billings: await count('billings'),
    lines: await count('billing_requests'),
    receipts: await count('receipts'),
    receiptLines: await count('receipt_lines'),
    numbers: await rows(sql`select * from document_numbers order by branch_id, kind, be_year`),
  });
  const take = (n: number) => h1Requests.splice(0, n);
  const batchOf = (requests: DemoRequest[], user = users.billing!) =>
    sut.create(user, {
      hospital: h1,
      privilageId: null,
      startDate: requests.map((r) => r.day).sort()[0]!,
      endDate: requests
        .map((r) => r.day)
        .sort()
        .at(-1)!,
      requestIds: requests.map((r) => r.id),
    });
  const demoRequests = (where: SQL, limit: number) =>
    rows<Omit<DemoRequest, 'totalSatang'>>(sql`
      select r.id, to_char(r.appointment_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day
        from requests r where ${where} order by r.appointment_at, r.id limit ${limit}`);
  const hospitalId = async (code: string) =>
    (await rows<{ id: number }>(sql`select id from hospitals where code = ${code}`))[0]!.id;

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const audit = new AuditService(db, now);
    // Only the requests service is used (billing searches and re-checks requests through it): film links and media,
    // which it never reaches, get nothing.
    const unused = {} as never;
    const requests = requestsModule({
      db,
      audit,
      now,
      examState: unused,
      documents: unused,
      uidata: unused,
      files: unused,
      linkAuth: unused,
      linkReports: unused,
      attempts: new AttemptLimiter(now),
      nhsoServiceUrl: null,
    }).service;
    sut = new BillingService(new BillingRepository(db), requests, new DocumentNumbers(now), audit, now);
    for (const name of ['billing', 'admin', 'hospital', 'staff2']) users[name] = await currentUserNamed(db, name);
    [h1, h2, h3] = [await hospitalId('H1'), await hospitalId('H2'), await hospitalId('H3')];
    const live = sql`r.deleted_at is null and r.status <> 'Hold'`;
    // The demo seed bills and invoices some requests already: the ones handed out by take() are neither.
    const fresh = sql`${live} and not exists (select 1 from billing_requests b where b.request_id = r.id)
      and not exists (select 1 from invoices i where i.request_id = r.id)`;
    const withTotals = async (list: Omit<DemoRequest, 'totalSatang'>[]) => {
      const facts = new Map((await requests.billableByIds(list.map((r) => r.id))).map((r) => [r.id, r]));
      return list.map((r) => ({ ...r, totalSatang: facts.get(r.id)!.totalSatang }));
    };
    h1Requests = await withTotals(await demoRequests(sql`r.hospital_id = ${h1} and ${fresh}`, 30));
    const first = async (where: SQL) => {
      const [found] = await withTotals(await demoRequests(where, 1));
      if (!found) throw new Error('no demo request matches');
      return found;
    };
    h2Request = await first(sql`r.hospital_id = ${h2} and ${live}`);
    h3Request = await first(sql`r.hospital_id = ${h3} and ${live}`);
    // The demo has none of H1 deleted or on Hold: two are made so.
    [deletedRequest, heldRequest] = h1Requests.splice(-2) as [DemoRequest, DemoRequest];
    await db.execute(sql`update requests set deleted_at = now() where id = ${deletedRequest.id}`);
    await db.execute(sql`update requests set status = 'Hold' where id = ${heldRequest.id}`);
  });
  beforeEach(() => {
    clock = new Date('2026-12-15T03:00:00Z');
  });
  afterAll(async () => {
    await database.close();
  });

  it('bills in the branch of an Accounting user, in every branch for an Administrator, and refuses hospital users', async () => {
    expect(sut.branchOf(users.billing!)).toBe(users.billing!.branchId);
    expect(sut.branchOf(users.admin!)).toBeNull();
    const refused = await refusalOf(Promise.resolve().then(() => sut.branchOf(users.hospital!)));
    expect(refused.status).toBe(403);
    // Another branch's hospital is as unknown as a missing one.
    expect((await refusalOf(sut.privileges(users.staff2!, h1))).code).toBe('BILLING_HOSPITAL_NOT_FOUND');
    expect(await sut.privileges(users.admin!, h3)).toEqual(expect.any(Array));
  });

  it('offers last month up to today (Bangkok) as the default range', async () => {
    // 17:30 UTC on 31 January is already 1 February in Bangkok: the batch is for January.
    clock = new Date('2027-01-31T17:30:00Z');
    const condition = await sut.condition(users.billing!, undefined);
    expect(condition).toMatchObject({ defaultStartDate: '2027-01-01', defaultEndDate: '2027-02-01', privileges: [] });
    expect(condition.hospitals.map((h) => h.id)).toEqual(expect.arrayContaining([h1, h2]));
    expect(condition.hospitals.map((h) => h.id)).not.toContain(h3);
  });

  it('refuses the whole batch when any request is wrong, naming how many and why, and saves nothing', async () => {
    const good = h1Requests.slice(0, 2);
    const before = await counts();
    const days = good.map((r) => r.day).sort();
    const refused = await refusalOf(
      sut.create(users.billing!, {
        hospital: h1,
        privilageId: null,
        startDate: days[0]!,
        endDate: days.at(-1)!,
        requestIds: [...good.map((r) => r.id), h2Request.id, h3Request.id, deletedRequest.id, heldRequest.id],
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('ใบส่งตรวจ 2 รายการไม่พบ');
    expect(refused.message).toContain('ใบส่งตรวจ 2 รายการถูกลบ');
    const later = h1Requests.find((r) => r.day > days[0]!);
    expect(later).toBeDefined();
    const outside = await refusalOf(
      sut.create(users.billing!, {
        hospital: h1,
        privilageId: null,
        startDate: days[0]!,
        endDate: days[0]!,
        requestIds: [later!.id],
      }),
    );
    expect(outside.message).toContain('นอกช่วงวันที่');
    const twice = await refusalOf(batchOf([good[0]!, good[0]!]));
    expect(twice.errors?.map((e) => [e.field, thai(e.message)])).toEqual([
      ['requestIds', expect.stringContaining('ซ้ำ')],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('makes a batch with the totals of the requests themselves and a gap-free number; a paid request cannot be billed again', async () => {
    const requests = take(3);
    const created = await batchOf(requests);
    expect(created.documentId).toMatch(/^BL2569-/);
    const detail = await sut.detail(users.billing!, created.billingId);
    const total = requests.reduce((n, r) => n + r.totalSatang, 0);
    expect(detail.totalPrice).toBe(total / 100);
    expect(detail.requests.map((r) => r.requestId).sort()).toEqual(requests.map((r) => r.id).sort());
    expect(detail.requests.every((r) => r.checked && r.paidBillingId === null)).toBe(true);

    await sut.markPaid(users.billing!, created.billingId, requests[0]!.id);
    const before = await counts();
    const again = await refusalOf(batchOf(requests));
    expect({ status: again.status, code: again.code }).toEqual({ status: 409, code: 'REQUESTS_PAID' });
    // Nothing written, no number taken: the next batch takes the number after the first.
    expect(await counts()).toEqual(before);
    const next = await batchOf(take(1));
    expect(Number(next.documentId.slice(-5))).toBe(Number(created.documentId.slice(-5)) + 1);
  });

  it('takes a receipt of at most the lines’ total, pays its lines, and voids it with its lines back to unpaid', async () => {
    const requests = take(2);
    const { billingId } = await batchOf(requests);
    const ids = requests.map((r) => r.id);
    const linesSatang = requests.reduce((n, r) => n + r.totalSatang, 0);
    const receipt = (amount: number, requestIds = ids) =>
      sut.createReceipt(users.billing!, billingId, {
        type: 'transfer',
        bankName: 'กสิกรไทย',
        amount,
        number: 'TX-1',
        requestIds,
      });

    const before = await counts();
    const over = await refusalOf(receipt(linesSatang + 1));
    expect(over.errors?.[0]?.field).toBe('amount');
    const stranger = await refusalOf(receipt(1, [ids[0]!, h2Request.id]));
    expect(stranger.errors?.[0]?.field).toBe('requestIds');
    expect(await counts()).toEqual(before);

    const made = await receipt(linesSatang);
    expect(made.receiptDocumentId).toMatch(/^RC2569-/);
    const paid = await sut.detail(users.billing!, billingId);
    expect(paid.requests.every((r) => r.paidReceiptId === made.receiptId)).toBe(true);
    expect(paid.paidPrice).toBe(linesSatang / 100);
    expect((await refusalOf(receipt(1))).code).toBe('SOME_PAID');
    // A line a live receipt pays is not unpaid by hand: the receipt is voided instead.
    expect((await refusalOf(sut.markUnpaid(users.billing!, billingId, ids[0]!))).code).toBe('PAID_BY_RECEIPT');

    await sut.voidReceipt(users.billing!, billingId, made.receiptId, 'ยอดโอนผิด');
    const voided = await sut.detail(users.billing!, billingId);
    expect(voided.paidPrice).toBe(0);
    expect(voided.receipts).toEqual([expect.objectContaining({ isVoided: true, voidReason: 'ยอดโอนผิด' })]);
    expect((await refusalOf(sut.voidReceipt(users.billing!, billingId, made.receiptId, 'อีกครั้ง'))).code).toBe(
      'RECEIPT_VOIDED',
    );
    expect((await refusalOf(sut.receiptDocument(users.billing!, billingId, made.receiptId))).code).toBe(
      'RECEIPT_VOIDED_FILE',
    );
  });

  it('marks a line paid by hand and back, once each, and refuses a request paid in another batch', async () => {
    const [request] = take(1);
    const first = await batchOf([request!]);
    const second = await batchOf([request!]);
    expect(await sut.markPaid(users.billing!, first.billingId, request!.id)).toEqual({
      requestId: request!.id,
      paidBillingId: first.billingId,
    });
    const elsewhere = await refusalOf(sut.markPaid(users.billing!, second.billingId, request!.id));
    expect({ status: elsewhere.status, code: elsewhere.code }).toEqual({ status: 409, code: 'PAID_ELSEWHERE' });
    expect(await sut.markUnpaid(users.billing!, first.billingId, request!.id)).toEqual({
      requestId: request!.id,
      paidBillingId: null,
    });
    expect((await sut.markPaid(users.billing!, second.billingId, request!.id)).paidBillingId).toBe(second.billingId);
    expect(await sut.isRequestPaid(request!.id)).toBe(true);
  });

  it('keeps batches of other branches out of sight', async () => {
    const { billingId } = await batchOf(take(1));
    expect((await refusalOf(sut.detail(users.staff2!, billingId))).code).toBe('BILLING_NOT_FOUND');
    expect((await sut.detail(users.admin!, billingId)).billingId).toBe(billingId);
    // A hospital user reads the statements of their own hospital only.
    expect((await sut.statementDocument(users.hospital!, billingId, false)).billing.id).toBe(billingId);
    // A cursor of the right shape whose time is no time.
    const cursor = '2026-13-45T00:00:00Z~00000000-0000-0000-0000-000000000000';
    expect((await refusalOf(sut.history(users.billing!, { before: cursor }))).status).toBe(400);
  });

  it('gives a request one invoice number, however often it is printed, and audits the first print only', async () => {
    const [request] = take(1);
    const branchId = users.billing!.branchId!;
    const audits = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from audit_log where action = 'billing.invoice.number' and entity_id = ${request!.id}`,
        )
      )[0]!.n;
    const [a, b] = await Promise.all([
      sut.invoiceNumber(users.billing!, { id: request!.id, branchId }),
      sut.invoiceNumber(users.billing!, { id: request!.id, branchId }),
    ]);
    expect(a).toMatch(/^IV2569-/);
    expect(b).toBe(a);
    expect(await sut.invoiceNumber(users.billing!, { id: request!.id, branchId })).toBe(a);
    expect(await audits()).toBe(1);
    expect((await sut.billingFactsOf([request!.id])).get(request!.id)?.invoiceNo).toBe(a);
  });
});
