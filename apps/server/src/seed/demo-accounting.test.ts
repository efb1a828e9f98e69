/**
 * The accounting demo (issue 24 item 10), read the way the accounting screens read it: through the real API as the
 * `billing` user, on a database seeded the way `npm start` seeds it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { openDatabase } from '../db/client';
import { seedDemo, type DemoSummary } from './demo';

const NOW = new Date('2026-11-20T03:00:00Z'); // 10:00 in Bangkok
let sut: TestContext;
let summary: DemoSummary;
let cookie: string;

const get = async (url: string) => {
  const res = await sut.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data;
};
const rows = async <T>(query: SQL): Promise<T[]> => {
  const result: unknown = await sut.database.db.execute(query);
  return (result as { rows: T[] }).rows;
};

beforeAll(async () => {
  const database = await openDatabase({});
  summary = await seedDemo(database.db, { patients: 80, exams: 800, now: NOW, randomSeed: 42 });
  sut = await createTestApp({ database, now: () => NOW });
  cookie = await sut.login('billing');
}, 120_000);
afterAll(async () => {
  await sut?.close();
});

describe('the accounting demo', () => {
  it('gives every branch a month of batches, receipts (one voided), petty cash and exam fees', () => {
    const a = summary.accounting;
    expect(a.billings).toBeGreaterThan(8);
    expect(a.receipts).toBeGreaterThan(a.voidedReceipts);
    expect(a.voidedReceipts).toBeGreaterThan(0);
    expect(a.pettyCashEntries).toBeGreaterThan(5);
    expect(a.examFees).toBeGreaterThan(10);
  });

  it('shows the billing user paid, part-paid and unpaid batches of their hospitals, the newest unprinted', async () => {
    const condition = await get('/api/uidata/billingCondition');
    const entries = [];
    for (const h of condition.hospitals as { id: number }[])
      entries.push(...(await get(`/api/billing/history?hospitalId=${h.id}`)).entries);
    expect(entries.some((e) => e.isAllPaid)).toBe(true);
    expect(entries.some((e) => !e.isAllPaid && e.receipts.some((r: { isVoided: boolean }) => !r.isVoided))).toBe(true);
    expect(entries.some((e) => !e.isAllPaid && e.receipts.length === 0 && e.isHighlight)).toBe(true);
    expect(entries.some((e) => e.receipts.some((r: { isVoided: boolean }) => r.isVoided))).toBe(true);
    for (const e of entries) expect(e.documentId).toMatch(/^BL2569-RS1-\d{5}$/);
  });

  it('prices every line as the billing search does, and a detail adds up', async () => {
    const [batch] = await rows<{ id: string; hospital_id: number; start_date: string; end_date: string }>(sql`
      select b.id, b.hospital_id, b.start_date::text, b.end_date::text from billings b join branches br on br.id = b.branch_id
       where br.code = 'RS1' and exists (select 1 from receipts r where r.billing_id = b.id and r.voided_at is null)
         and exists (select 1 from billing_requests l where l.billing_id = b.id and l.paid_at is null) limit 1`);
    const detail = await get(`/api/billing/${batch!.id}/detail`);
    const paid = detail.requests.filter((l: { paidBillingId: string | null }) => l.paidBillingId);
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.length).toBeLessThan(detail.requests.length);
    for (const l of paid) expect(l.paidDocumentId).toMatch(/^RC2569-RS1-\d{5}$/);
    const sum = detail.requests.reduce((n: number, l: { totalPrice: number }) => n + Math.round(l.totalPrice * 100), 0);
    expect(Math.round(detail.totalPrice * 100)).toBe(sum);
    const search = await get(
      `/api/billing/search?startDate=${batch!.start_date}&endDate=${batch!.end_date}&hospitalId=${batch!.hospital_id}`,
    );
    const priced = new Map(
      search.rows.map((r: { requestId: string; totalPrice: number }) => [r.requestId, r.totalPrice]),
    );
    for (const l of detail.requests) expect(priced.get(l.requestId)).toBe(l.totalPrice);
  });

  it('leaves the last week unbilled, and numbers a new batch right after the seeded ones', async () => {
    const condition = await get('/api/uidata/billingCondition');
    const hospitalId = (condition.hospitals as { id: number }[])[0]!.id;
    const search = await get(`/api/billing/search?startDate=2026-11-13&endDate=2026-11-19&hospitalId=${hospitalId}`);
    const open = search.rows.filter(
      (r: { latestBillingId: string | null; checked: boolean }) => r.latestBillingId === null && r.checked,
    );
    expect(open.length).toBeGreaterThan(0);
    const [last] = await rows<{
      last_no: number;
    }>(sql`select d.last_no from document_numbers d join branches b on b.id = d.branch_id
      where b.code = 'RS1' and d.kind = 'BL' and d.be_year = 2569`);
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/billing/create',
      headers: { cookie, origin: 'http://localhost' },
      payload: {
        startDate: '2026-11-13',
        endDate: '2026-11-19',
        hospital: hospitalId,
        privilageId: null,
        requestIds: [open[0].requestId],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.documentId).toBe(`BL2569-RS1-${String(last!.last_no + 1).padStart(5, '0')}`);
  });

  it('gives petty cash a balance carried from the day before, and a corrected day with both revisions kept', async () => {
    const money = await get('/api/uidata/accounting_money');
    const [latest] = await rows<{
      balance_satang: string;
    }>(sql`select m.balance_satang from money_adjustments m join branches b on b.id = m.branch_id
      where b.code = 'RS1' and m.day < '2026-11-20' order by m.day desc, m.revision desc limit 1`);
    expect(Math.round(money.yesterdayMoney * 100)).toBe(Number(latest!.balance_satang));
    const history = await get('/api/accounting/money/history?from=2026-11-01&to=2026-11-20');
    expect(history.entries.length).toBeGreaterThan(3);
    expect(history.entries.some((e: { revision: number }) => e.revision === 2)).toBe(true);
    for (const e of history.entries)
      expect(Math.round((e.yesterdayMoney + e.todayMoney - e.expenses) * 100)).toBe(Math.round(e.balance * 100));
  });

  it('finds a seeded cheque receipt by its number, already recorded as an exam fee', async () => {
    const [cheque] = await rows<{
      document_no: string;
      amount_satang: number;
    }>(sql`select r.document_no, r.amount_satang from receipts r
      join branches b on b.id = r.branch_id where b.code = 'RS1' and r.type = 'cheque' and r.voided_at is null limit 1`);
    const found = await get(`/api/accounting/receipt/${cheque!.document_no}`);
    expect(Math.round(found.amount * 100)).toBe(cheque!.amount_satang);
    const [fee] = await rows<{ n: number }>(
      sql`select count(*)::int as n from cost_submissions c join receipts r on r.id = c.receipt_id where r.document_no = ${cheque!.document_no}`,
    );
    expect(fee!.n).toBe(1);
  });
});
