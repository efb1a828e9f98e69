import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { hasValidEmvCrc, parseEmvTlv, satangToBaht } from '@rangsi/domain';
import { decodeQrCodes } from '../report-engine/testing/pdf-tools';
import { createBatch, openBillingTest, type BillingTestContext } from './billing.test-helpers';

/** Statements and invoices with a PromptPay biller configured (decision acc41, acc43), and the batch's XLSX (acc45). */
const BILLER = '010555012345601';
let t: BillingTestContext;
beforeAll(async () => {
  t = await openBillingTest({ env: { PROMPTPAY_BILLER_ID: '0-1055-50123-45-6-01' } });
}, 60_000);
afterAll(async () => {
  await t.sut.close();
});

const UUID = '00000000-0000-4000-8000-000000000000';
const ids = (from: number, n: number) => t.fx.h1Requests.slice(from, from + n).map((r) => r.id);

function view(user: string, name: string, params: Record<string, string>) {
  return t.sut.app.inject({
    method: 'POST',
    url: `/ReportViewer/${name}`,
    headers: { cookie: t.cookies[user]!, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
}

/** The one QR code of a one-page document, checked: valid CRC, bill payment to our biller; its fields. */
async function qrOf(pdf: Buffer): Promise<{ amount: string | undefined; reference: string | undefined } | null> {
  const [payload] = await decodeQrCodes(pdf);
  if (!payload) return null;
  expect(hasValidEmvCrc(payload)).toBe(true);
  const fields = parseEmvTlv(payload);
  const account = parseEmvTlv(fields.get('30')!);
  expect(account.get('00')).toBe('A000000677010112');
  expect(account.get('01')).toBe(BILLER);
  return { amount: fields.get('54'), reference: account.get('02') };
}

const baht = (satang: number) => satangToBaht(satang).toFixed(2);
const noDash = (documentNo: string) => documentNo.replaceAll('-', '');

describe('PromptPay QR on the billing statement', () => {
  it('asks for what is still due with the BL number as reference 1; nothing once all is paid', async () => {
    const chosen = ids(0, 2);
    const { billingId, documentId } = await createBatch(t, chosen);
    const lines = await t.rows<{ request_id: string; total_satang: number }>(
      sql`select request_id, total_satang from billing_requests where billing_id = ${billingId}`,
    );
    const total = lines.reduce((n, l) => n + Number(l.total_satang), 0);
    expect(total).toBeGreaterThan(0);

    const first = await view('billing', 'billing_statement.rpt', { billingId });
    expect(first.statusCode).toBe(200);
    expect(await qrOf(first.rawPayload)).toEqual({ amount: baht(total), reference: noDash(documentId) });

    const [a, b] = chosen;
    expect((await t.post('billing', `/api/billing/${billingId}/paid/${a}`)).statusCode).toBe(200);
    const part = await view('billing', 'billing_statement.rpt', { billingId, new: 'true' });
    const paidA = Number(lines.find((l) => l.request_id === a)!.total_satang);
    expect(await qrOf(part.rawPayload)).toEqual({ amount: baht(total - paidA), reference: noDash(documentId) });

    expect((await t.post('billing', `/api/billing/${billingId}/paid/${b}`)).statusCode).toBe(200);
    const all = await view('billing', 'billing_statement.rpt', { billingId, new: 'true' });
    expect(all.statusCode).toBe(200);
    expect(await decodeQrCodes(all.rawPayload)).toEqual([null]);
  }, 90_000);
});

describe('PromptPay QR on the invoice', () => {
  it('asks for the request total with the IV number as reference 1', async () => {
    const r = await t.one<{ id: string; satang: number }>(sql`
      select q.id, sum(p.quantity * p.unit_price_satang)::int as satang from requests q join request_products p on p.request_id = q.id
       where q.hospital_id = ${t.fx.h1} and q.deleted_at is null and q.status <> 'Hold' and q.exam_start_time is not null
         and not exists (select 1 from billing_requests br where br.request_id = q.id)
       group by q.id having sum(p.quantity * p.unit_price_satang) > 0 order by q.id limit 1`);
    const res = await view('billing', 'accounting_invoice.rpt', { requestId: r.id });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const iv = await t.one<{ document_no: string }>(sql`select document_no from invoices where request_id = ${r.id}`);
    expect(await qrOf(res.rawPayload)).toEqual({ amount: baht(r.satang), reference: noDash(iv.document_no) });
  }, 60_000);
});

describe('GET /api/billing/{id}/xlsx', () => {
  it('exports the batch: title with the BL number, Thai names, money as numbers, paid lines with their receipt; audited', async () => {
    const chosen = ids(4, 2);
    const { billingId, documentId } = await createBatch(t, chosen);
    const made = await t.post('billing', `/api/billing/${billingId}/receipt/create`, {
      requestIds: [chosen[0]],
      type: 'transfer',
      bankName: 'กสิกรไทย',
      amount: 1,
      number: 'TX-X',
    });
    expect(made.statusCode).toBe(200);
    const receiptNo = made.json().data.receiptDocumentId as string;
    const res = await t.get('billing', `/api/billing/${billingId}/xlsx`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="billing-${documentId}.xlsx"; filename*=UTF-8''${encodeURIComponent(`ใบวางบิล-${documentId}.xlsx`)}`,
    );
    const rows = await readSheet(res.rawPayload);
    expect(String(rows[0]![0])).toContain(`ใบวางบิล ${documentId}`);
    expect(rows[2]).toEqual(['ลำดับ', 'วันนัดตรวจ', 'HN', 'ชื่อผู้ป่วย', 'จำนวนเงิน (บาท)', 'สถานะ', 'วันที่ชำระ', 'เลขที่ใบเสร็จ']);
    const detail = (await t.get('billing', `/api/billing/${billingId}/detail`)).json().data;
    const body = rows.slice(3, 3 + chosen.length);
    for (const [i, line] of detail.requests.entries()) {
      expect(body[i]![2]).toBe(line.hn);
      expect(body[i]![3]).toBe(line.patientName);
      expect(body[i]![3]).toMatch(/[\u0E00-\u0E7F]/);
      expect(body[i]![4]).toBe(line.totalPrice);
      expect(typeof body[i]![4]).toBe('number');
    }
    expect(body.find((row) => row[7] === receiptNo)?.[5]).toBe('ชำระแล้ว');
    expect(rows[3 + chosen.length]!.slice(3, 5)).toEqual(['รวมทั้งสิ้น', detail.totalPrice]);
    expect(
      (await t.rows(sql`select 1 from audit_log where action = 'billing.export' and entity_id = ${billingId}`)).length,
    ).toBe(1);
  });

  it('401 anonymous, 403 staff and hospital users, 404 another branch’s batch or none, 400 a bad id', async () => {
    const { billingId } = await createBatch(t, ids(6, 1));
    expect((await t.get(null, `/api/billing/${billingId}/xlsx`)).statusCode).toBe(401);
    expect((await t.get('staff', `/api/billing/${billingId}/xlsx`)).statusCode).toBe(403);
    expect((await t.get('hospital', `/api/billing/${billingId}/xlsx`)).statusCode).toBe(403);
    expect((await t.get('billing2', `/api/billing/${billingId}/xlsx`)).statusCode).toBe(404);
    expect((await t.get('billing', `/api/billing/${UUID}/xlsx`)).statusCode).toBe(404);
    const bad = await t.get('billing', '/api/billing/not-a-uuid/xlsx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u0E00-\u0E7F]/);
    expect((await t.get('admin', `/api/billing/${billingId}/xlsx`)).statusCode).toBe(200);
  });
});
