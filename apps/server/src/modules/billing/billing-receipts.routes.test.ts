import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bahtText } from '@rangsi/domain';
import { pdfText } from '../report-engine/testing/pdf-tools';
import { bangkokDayOf } from '@rangsi/domain';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { createBatch, openBillingTest, type BillingTestContext } from './billing.test-helpers';
import { DocumentNumbers } from './document-numbers';

let t: BillingTestContext;
beforeAll(async () => {
  t = await openBillingTest();
}, 60_000);
afterAll(async () => {
  await t.sut.close();
});

const UUID = '00000000-0000-4000-8000-000000000000';
const ids = (from: number, n: number) => t.fx.h1Requests.slice(from, from + n).map((r) => r.id);
const satangOf = async (billingId: string, requestIds: string[]) =>
  (
    await t.one<{ n: number }>(
      sql`select coalesce(sum(total_satang), 0)::int as n from billing_requests where billing_id = ${billingId} and request_id in (${sql.join(
        requestIds.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    )
  ).n;
const receipt = (billingId: string, body: Record<string, unknown>, user = 'billing') =>
  t.post(user, `/api/billing/${billingId}/receipt/create`, body);
const counts = async () => [
  await t.count('receipts'),
  await t.count('receipt_lines'),
  await t.count('document_numbers'),
];

describe('POST /api/billing/{id}/paid and /unpaid/{requestId}', () => {
  it('marks a line paid by hand and back, audited; unknown lines 404; another branch 404', async () => {
    const [a] = ids(0, 1);
    const { billingId } = await createBatch(t, [a!]);
    const paid = await t.post('billing', `/api/billing/${billingId}/paid/${a}`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ requestId: a, paidBillingId: billingId });
    let detail = (await t.get('billing', `/api/billing/${billingId}/detail`)).json().data;
    expect(detail.requests[0]).toMatchObject({ paidBillingId: billingId, paidDocumentId: null, checked: false });
    expect(detail.paidPrice).toBe(detail.totalPrice);
    expect((await t.post('billing', `/api/billing/${billingId}/unpaid/${a}`)).statusCode).toBe(200);
    detail = (await t.get('billing', `/api/billing/${billingId}/detail`)).json().data;
    expect(detail.requests[0]).toMatchObject({ paidBillingId: null, checked: true });
    const audit = await t.rows<{ action: string }>(
      sql`select action from audit_log where entity_id = ${billingId} and action in ('billing.paid', 'billing.unpaid') order by id`,
    );
    expect(audit.map((x) => x.action)).toEqual(['billing.paid', 'billing.unpaid']);
    expect((await t.post('billing', `/api/billing/${billingId}/paid/${UUID}`)).statusCode).toBe(404);
    expect((await t.post('billing2', `/api/billing/${billingId}/paid/${a}`)).statusCode).toBe(404);
    expect((await t.post('billing', `/api/billing/${billingId}/paid/nope`)).statusCode).toBe(400);
  });

  it('refuses paying a request already paid in another batch (409)', async () => {
    const [a] = ids(1, 1);
    const first = await createBatch(t, [a!]);
    const second = await createBatch(t, [a!]);
    expect((await t.post('billing', `/api/billing/${first.billingId}/paid/${a}`)).statusCode).toBe(200);
    const res = await t.post('billing', `/api/billing/${second.billingId}/paid/${a}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('ชำระแล้วในใบวางบิลอื่น');
    const detail = (await t.get('billing', `/api/billing/${second.billingId}/detail`)).json().data;
    expect(detail.requests[0]).toMatchObject({ paidBillingId: first.billingId, checked: false });
  });
});

describe('POST /api/billing/{id}/receipt/create', () => {
  let amountBatch: string | undefined;

  it('issues an RC receipt for unpaid lines, marks them paid with it, for the amount received (less allowed)', async () => {
    const chosen = ids(2, 3);
    const { billingId } = await createBatch(t, chosen);
    const total = await satangOf(billingId, chosen.slice(0, 2));
    const amount = (total - 150) / 100;
    const res = await receipt(billingId, {
      requestIds: chosen.slice(0, 2),
      type: 'transfer',
      bankName: 'กสิกรไทย',
      amount,
      number: 'TX-001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { receiptId, receiptDocumentId } = res.json().data;
    expect(receiptDocumentId).toMatch(/^RC25\d\d-RS1-\d{5}$/);
    const detail = (await t.get('billing', `/api/billing/${billingId}/detail`)).json().data;
    const paid = detail.requests.filter((r: { paidReceiptId: string | null }) => r.paidReceiptId === receiptId);
    expect(paid.map((r: { requestId: string }) => r.requestId).sort()).toEqual(chosen.slice(0, 2).sort());
    for (const p of paid)
      expect(p).toMatchObject({ paidDocumentId: receiptDocumentId, paidBillingId: billingId, checked: false });
    expect(detail.receipts[0]).toMatchObject({
      receiptId,
      type: 'transfer',
      bankName: 'กสิกรไทย',
      amount,
      linesTotal: total / 100,
      number: 'TX-001',
      isVoided: false,
    });
    expect(Math.round(detail.paidPrice * 100)).toBe(total);
    const audit = await t.rows(
      sql`select 1 from audit_log where action = 'billing.receipt.create' and entity_id = ${receiptId}`,
    );
    expect(audit.length).toBe(1);
    // The history lists the receipt.
    const entry = (await t.get('billing', `/api/billing/history?hospitalId=${t.fx.h1}`))
      .json()
      .data.entries.find((e: { billingId: string }) => e.billingId === billingId);
    expect(entry).toMatchObject({ isAllPaid: false, receipts: [{ receiptId, receiptDocumentId, isVoided: false }] });
  });

  it.each([
    ['a negative amount', -5, 'มากกว่า 0'],
    ['a zero amount', 0, 'มากกว่า 0'],
    ['a non-numeric amount', 'สิบบาท', 'ตัวเลข'],
    ['three decimals', 1.005, 'ทศนิยม'],
    ['more than ฿10,000,000', 10_000_000.01, '10,000,000'],
    ['an amount above the selected lines', 9_999_999, 'ไม่เกินยอดรวม'],
  ])('refuses %s (400), saving nothing', async (_name, amount, message) => {
    const chosen = ids(5, 1);
    amountBatch ??= (await createBatch(t, chosen)).billingId;
    const billingId = amountBatch;
    const before = await counts();
    const res = await receipt(billingId, {
      requestIds: chosen,
      type: 'cheque',
      bankName: 'กรุงเทพ',
      amount,
      number: 'CQ-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['no requests', { requestIds: [] }, 'กรุณาเลือกรายการที่ต้องการออกใบเสร็จ'],
    ['no bank name', { bankName: '  ' }, 'กรุณาระบุข้อมูลการชำระเงิน'],
    ['no number', { number: '' }, 'กรุณาระบุข้อมูลการชำระเงิน'],
    ['another type', { type: 'cash' }, 'โอนเงินหรือเช็ค'],
  ])('refuses %s (400)', async (_name, change, message) => {
    const chosen = ids(6, 1);
    const { billingId } = await createBatch(t, chosen);
    const res = await receipt(billingId, {
      requestIds: chosen,
      type: 'transfer',
      bankName: 'กสิกรไทย',
      amount: 1,
      number: 'X',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses lines of another batch (400), paid lines (409), and another branch’s batch (404)', async () => {
    const [a, b] = ids(7, 2);
    const first = await createBatch(t, [a!]);
    const before = await counts();
    const notHere = await receipt(first.billingId, {
      requestIds: [a, b],
      type: 'transfer',
      bankName: 'K',
      amount: 1,
      number: '1',
    });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().message).toContain('ไม่อยู่ในใบวางบิลนี้');
    expect((await t.post('billing', `/api/billing/${first.billingId}/paid/${a}`)).statusCode).toBe(200);
    const paid = await receipt(first.billingId, {
      requestIds: [a],
      type: 'transfer',
      bankName: 'K',
      amount: 1,
      number: '1',
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toContain('บางรายการชำระแล้ว');
    expect(
      (
        await receipt(
          first.billingId,
          { requestIds: [a], type: 'transfer', bankName: 'K', amount: 1, number: '1' },
          'billing2',
        )
      ).statusCode,
    ).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('two clerks issuing receipts for the same request at once: one 200, one 409, one receipt, numbers without a gap', async () => {
    const [a] = ids(9, 1);
    const { billingId } = await createBatch(t, [a!]);
    const [receiptsBefore, linesBefore] = await counts();
    const body = { requestIds: [a], type: 'transfer', bankName: 'ไทยพาณิชย์', amount: 1, number: 'RACE' };
    const results = await Promise.all([receipt(billingId, body), receipt(billingId, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toContain('บางรายการชำระแล้ว');
    expect([await t.count('receipts'), await t.count('receipt_lines')]).toEqual([
      receiptsBefore! + 1,
      linesBefore! + 1,
    ]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data.receiptDocumentId as string;
    // The loser's number went back: the next receipt takes the one after the winner's.
    const [b] = ids(10, 1);
    const next = await createBatch(t, [b!]);
    const after = (await receipt(next.billingId, { ...body, requestIds: [b] })).json().data.receiptDocumentId as string;
    expect(Number(after.slice(-5))).toBe(Number(winner.slice(-5)) + 1);
  });
});

describe('voiding a receipt, unpaid refusal, and the receipt PDF', () => {
  it('mark-unpaid on a receipt-paid line is refused (409); voiding keeps the receipt and returns its lines; a second void 409', async () => {
    const chosen = ids(11, 2);
    const { billingId } = await createBatch(t, chosen);
    const made = (
      await receipt(billingId, { requestIds: chosen, type: 'cheque', bankName: 'กรุงไทย', amount: 1, number: 'CQ-77' })
    ).json().data;
    const refused = await t.post('billing', `/api/billing/${billingId}/unpaid/${chosen[0]}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('ยกเลิกใบเสร็จแทน');
    expect((await t.post('billing', `/api/billing/${billingId}/receipt/${made.receiptId}/void`, {})).statusCode).toBe(
      400,
    );
    expect(
      (await t.post('billing', `/api/billing/${billingId}/receipt/${made.receiptId}/void`, { reason: 'x'.repeat(501) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.post('billing2', `/api/billing/${billingId}/receipt/${made.receiptId}/void`, { reason: 'ผิด' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.post('billing', `/api/billing/${billingId}/receipt/${UUID}/void`, { reason: 'ผิด' })).statusCode,
    ).toBe(404);
    const voided = await t.post('billing', `/api/billing/${billingId}/receipt/${made.receiptId}/void`, {
      reason: 'เลขเช็คผิด',
    });
    expect(voided.statusCode).toBe(200);
    const detail = (await t.get('billing', `/api/billing/${billingId}/detail`)).json().data;
    for (const line of detail.requests)
      expect(line).toMatchObject({ paidBillingId: null, paidReceiptId: null, checked: true });
    expect(detail.receipts[0]).toMatchObject({ receiptId: made.receiptId, isVoided: true, voidReason: 'เลขเช็คผิด' });
    const again = await t.post('billing', `/api/billing/${billingId}/receipt/${made.receiptId}/void`, {
      reason: 'อีกครั้ง',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('ถูกยกเลิกแล้ว');
    expect((await t.get('billing', `/api/billing/${billingId}/receipt/${made.receiptId}/file`)).statusCode).toBe(409);
    // The lines can be paid by a new receipt.
    expect(
      (
        await receipt(billingId, {
          requestIds: chosen,
          type: 'transfer',
          bankName: 'กรุงไทย',
          amount: 1,
          number: 'TX-78',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.rows(
          sql`select 1 from audit_log where action = 'billing.receipt.void' and entity_id = ${made.receiptId}`,
        )
      ).length,
    ).toBe(1);
  });

  it('prints ใบเสร็จรับเงิน with its number, the Buddhist-era date, the lines, the amount and the amount in Thai words', async () => {
    // Two requests worth at least the 1,200.50 received: the demo data's prices depend on the day it was made.
    const candidates = t.fx.h1Requests.slice(13).map((r) => r.id);
    const worth = await t.rows<{ id: string; n: number }>(
      sql`select id, total_satang::int as n from requests where id in (${sql.join(
        candidates.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const satang = new Map(worth.map((r) => [r.id, r.n]));
    const pairs = candidates.flatMap((a, i) => candidates.slice(i + 1).map((b) => [a, b] as const));
    const chosen = [...pairs.find(([a, b]) => satang.get(a)! + satang.get(b)! >= 120_050)!];
    const { billingId, documentId } = await createBatch(t, chosen);
    const total = await satangOf(billingId, chosen);
    expect(total).toBeGreaterThanOrEqual(120_050);
    const made = (
      await receipt(billingId, {
        requestIds: chosen,
        type: 'transfer',
        bankName: 'กสิกรไทย',
        amount: 1200.5,
        number: 'TX-9',
      })
    ).json().data;
    const res = await t.get('billing', `/api/billing/${billingId}/receipt/${made.receiptId}/file`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload).replace(/\s+/g, '');
    expect(text).toContain('ใบเสร็จรับเงิน');
    expect(text).toContain(made.receiptDocumentId);
    expect(text).toContain(documentId);
    expect(text).toContain(bahtText(120_050));
    expect(text).toContain('หนึ่งพันสองร้อยบาทห้าสิบสตางค์');
    expect(text).toContain('1,200.50');
    const [y, m, d] = bangkokDayOf(new Date()).split('-');
    expect(text).toContain(`${d}-${m}-${Number(y) + 543}`);
    expect(text).toContain((total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    expect((await t.get('billing2', `/api/billing/${billingId}/receipt/${made.receiptId}/file`)).statusCode).toBe(404);
    expect((await t.get('billing', `/api/billing/${UUID}/receipt/${made.receiptId}/file`)).statusCode).toBe(404);
  }, 60_000);
});

describe('GET /api/billing/aging and the accounting module’s reads', () => {
  it('counts unpaid billed requests by age; the counts and totals add up', async () => {
    const res = await t.get('billing', `/api/billing/aging?hospitalId=${t.fx.h1}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.buckets.map((b: { bucket: string }) => b.bucket)).toEqual(['0-30', '31-60', '61-90', '90+']);
    const want = await t.one<{ n: number; satang: number }>(sql`
      select count(*)::int as n, coalesce(sum(total_satang), 0)::int as satang from (
        select distinct on (br.request_id) br.request_id, br.total_satang from billing_requests br join billings b on b.id = br.billing_id
         where b.hospital_id = ${t.fx.h1} and not exists (select 1 from billing_requests p where p.request_id = br.request_id and p.paid_at is not null)
         order by br.request_id, b.created_at desc) x`);
    expect(data.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(want.n);
    expect(Math.round(data.buckets.reduce((n: number, b: { total: number }) => n + b.total, 0) * 100)).toBe(
      want.satang,
    );
    expect((await t.get('billing2', `/api/billing/aging?hospitalId=${t.fx.h1}`)).statusCode).toBe(404);
    expect((await t.get('billing', '/api/billing/aging')).statusCode).toBe(200);
  });

  it('liveReceiptByDocumentNo and transferReceiptsTotal read live receipts of the branch only', async () => {
    const service = new BillingService(
      new BillingRepository(t.sut.database.db),
      { billable: async () => [], billableByIds: async () => [] },
      new DocumentNumbers(() => new Date()),
      t.sut.services.audit,
    );
    const today = bangkokDayOf(new Date());
    const want = await t.one<{ n: number }>(
      sql`select coalesce(sum(amount_satang), 0)::int as n from receipts where branch_id = ${t.fx.rs1} and type = 'transfer' and voided_at is null`,
    );
    expect(await service.transferReceiptsTotal(t.fx.rs1, today)).toBe(want.n);
    expect(await service.transferReceiptsTotal(t.fx.rs2, today)).toBe(0);
    const live = await t.one<{ document_no: string }>(
      sql`select document_no from receipts where voided_at is null limit 1`,
    );
    const voided = await t.one<{ document_no: string }>(
      sql`select document_no from receipts where voided_at is not null limit 1`,
    );
    expect((await service.liveReceiptByDocumentNo(t.fx.rs1, ` ${live.document_no.toLowerCase()} `))?.documentNo).toBe(
      live.document_no,
    );
    expect(await service.liveReceiptByDocumentNo(t.fx.rs1, voided.document_no)).toBeNull();
    expect(await service.liveReceiptByDocumentNo(t.fx.rs2, live.document_no)).toBeNull();
  });
});
