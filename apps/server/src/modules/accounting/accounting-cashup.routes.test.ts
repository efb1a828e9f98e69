import { and, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, hospitals, moneyAdjustments, receipts } from '../../db/schema/index';
import { pdfText } from '../report-engine/testing/pdf-tools';
import { createTestApp, type TestContext } from '../../test/test-app';
import { addAccountingUser, addReceipt, branchId, itemFields, lookupId, multipart } from './accounting-testing';

/** The daily cash-up (decision acc44) as PDF and XLSX, on a branch made here so that every figure is known. */
const NOW = new Date('2026-11-29T03:00:00Z'); // 10:00 in Bangkok, 2026-11-29
const DAY = '2026-11-29';

let sut: TestContext;
let rs9: number;
let rs1: number;
const cookies: Record<string, string> = {};

const post = (user: string, url: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return sut.app.inject({
    method: 'POST',
    url,
    headers: { cookie: cookies[user]!, ...body.headers },
    payload: body.payload,
  });
};
const fields = (f: Record<string, string>) => Object.entries(f).map(([name, value]) => ({ name, value }));
const view = (user: string | null, params: Record<string, string>) =>
  sut.app.inject({
    method: 'POST',
    url: '/ReportViewer/accounting_cashup.rpt',
    headers: { ...(user ? { cookie: cookies[user]! } : {}), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
const xlsx = (user: string | null, day: string, query = '') =>
  sut.app.inject({
    url: `/api/accounting/cashup/${day}/xlsx${query}`,
    headers: user ? { cookie: cookies[user]! } : {},
  });
const squeeze = (s: string) => s.replace(/\s+/g, '');

beforeAll(async () => {
  sut = await createTestApp({ now: () => NOW });
  const db = sut.database.db;
  await db.insert(branches).values({ code: 'RS9', name: 'สาขาทดสอบเก้า', nameEn: 'Test branch 9' });
  rs9 = await branchId(db, 'RS9');
  rs1 = await branchId(db, 'RS1');
  await db.insert(hospitals).values({ code: 'H9', name: 'โรงพยาบาลทดสอบเก้า', nameEn: 'Hospital 9', branchId: rs9 });
  await addAccountingUser(db, 'acc9', 'RS9');
  for (const u of ['acc9', 'billing', 'admin', 'staff', 'hospital']) cookies[u] = await sut.login(u);

  // RS9's day: a transfer receipt, a cheque receipt, a voided receipt; yesterday's petty cash; a cash and a cheque fee.
  await addReceipt(db, {
    hospitalCode: 'H9',
    documentNo: 'RC2569-RS9-00001',
    type: 'transfer',
    amountSatang: 150_000,
    at: NOW,
  });
  const cheque = await addReceipt(db, {
    hospitalCode: 'H9',
    documentNo: 'RC2569-RS9-00002',
    type: 'cheque',
    amountSatang: 275_025,
    at: NOW,
  });
  const voided = await addReceipt(db, {
    hospitalCode: 'H9',
    documentNo: 'RC2569-RS9-00003',
    type: 'transfer',
    amountSatang: 99_999,
    at: NOW,
  });
  await db.update(receipts).set({ voidedAt: NOW, voidReason: 'โอนซ้ำ' }).where(eq(receipts.id, voided));
  await db.insert(moneyAdjustments).values({
    branchId: rs9,
    day: '2026-11-28',
    revision: 1,
    yesterdaySatang: 0,
    todaySatang: 0,
    expensesSatang: 0,
    balanceSatang: 100_000,
    remark: null,
  });
  const cash = await lookupId(db, 'costPaymentMethod', 'CASH');
  const chequeMethod = await lookupId(db, 'costPaymentMethod', 'CHEQUE');
  const fee1 = await post(
    'acc9',
    '/api/accounting/submitCost',
    fields({ type: 'cash', methodId: String(cash), amount: '300', referenceCode: 'CASH-9', remark: 'ค่าตรวจ MRI' }),
  );
  expect(fee1.statusCode, fee1.body).toBe(200);
  const fee2 = await post(
    'acc9',
    '/api/accounting/submitCost',
    fields({ type: 'cheque', methodId: String(chequeMethod), receiptId: cheque, referenceCode: 'CQ-9' }),
  );
  expect(fee2.statusCode, fee2.body).toBe(200);
  // Two petty-cash saves: the second (the latest revision) is the day's figure.
  for (const amount of ['50', '120.50']) {
    const saved = await post('acc9', '/api/accounting/adjustMoney', [
      ...fields({ remark: 'ค่าน้ำดื่ม' }),
      ...itemFields([['ค่าน้ำดื่ม', amount]]),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
  }

  // Another branch's day, which RS9's cash-up must not show.
  await addReceipt(db, {
    hospitalCode: 'H1',
    documentNo: 'RC2569-RS1-07777',
    type: 'transfer',
    amountSatang: 444_400,
    at: NOW,
  });
  expect(
    (
      await post(
        'billing',
        '/api/accounting/submitCost',
        fields({ type: 'cash', methodId: String(cash), amount: '777', referenceCode: 'RS1-FEE' }),
      )
    ).statusCode,
  ).toBe(200);
}, 60_000);
afterAll(async () => {
  await sut.close();
});

describe('accounting_cashup.rpt', () => {
  it('is listed under the accounting prefix for the accounting desks, with today as its day; not for staff', async () => {
    const list = async (user: string) =>
      (
        await sut.app.inject({ url: '/api/reports/reportlist?prefix=accounting', headers: { cookie: cookies[user]! } })
      ).json().data as {
        reportName: string;
        reportParameters: { parameterName: string; value: string }[];
        fields: { name: string; options?: { value: string }[] }[];
      }[];
    const mine = (await list('acc9')).find((r) => r.reportName === 'accounting_cashup.rpt');
    expect(mine?.reportParameters).toEqual(
      expect.arrayContaining([
        { parameterName: 'day', value: DAY },
        { parameterName: 'branchId', value: String(rs9) },
      ]),
    );
    expect(mine?.fields.find((f) => f.name === 'branchId')?.options).toEqual([
      { value: String(rs9), label: 'สาขาทดสอบเก้า' },
    ]);
    expect((await list('staff')).map((r) => r.reportName)).not.toContain('accounting_cashup.rpt');
  });

  it('prints the day: receipts by type, the voided one apart and not counted, fees by method, petty cash and the closing figures', async () => {
    const res = await view('acc9', { day: DAY });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = squeeze(pdfText(res.rawPayload));
    for (const want of [
      'รายงานปิดยอดประจำวัน',
      'สาขาทดสอบเก้า',
      '29-11-2569',
      'RC2569-RS9-00001',
      'RC2569-RS9-00002',
      'โรงพยาบาลทดสอบเก้า',
      'รวมโอนเงิน1,500.00',
      'รวมเช็ค2,750.25',
      'รวมรับตามใบเสร็จ4,250.25',
      'ใบเสร็จที่ยกเลิก(ไม่นับรวมยอด)',
      'RC2569-RS9-00003',
      'โอนซ้ำ',
      'ค่าตรวจเงินสด300.00',
      'ค่าตรวจเช็ค2,750.25',
      'รวมค่าตรวจทั้งวัน3,050.25',
      'ยอดยกมา(28-11-2569)1,000.00',
      'รับโอนวันนี้(ตามที่บันทึก)1,500.00',
      'ค่าใช้จ่าย:ค่าน้ำดื่ม120.50',
      'เงินสดย่อยคงเหลือ2,379.50',
      'ฉบับบันทึกที่2จาก2',
      'เงินสดย่อยคงเหลือณสิ้นวัน2,379.50',
    ])
      expect(text, want).toContain(want);
    // The voided receipt's 999.99 is in its own list only; another branch's receipt and fee are absent.
    expect(text.match(/999\.99/g)?.length).toBe(2);
    for (const absent of ['RC2569-RS1-07777', '4,444.00', 'RS1-FEE', '777.00'])
      expect(text, absent).not.toContain(absent);
  }, 60_000);

  it('gives an Administrator the branch named; refuses another branch to Accounting (403), staff and hospital users (403)', async () => {
    const admin = await view('admin', { day: DAY, branchId: String(rs9) });
    expect(admin.statusCode).toBe(200);
    expect(squeeze(pdfText(admin.rawPayload))).toContain('รวมโอนเงิน1,500.00');
    expect((await view('acc9', { day: DAY, branchId: String(rs1) })).statusCode).toBe(403);
    expect((await view('staff', { day: DAY })).statusCode).toBe(403);
    expect((await view('hospital', { day: DAY })).statusCode).toBe(403);
    expect((await view(null, { day: DAY })).statusCode).toBe(401);
  }, 60_000);

  it('refuses a bad or future day with a Thai 400 naming the field', async () => {
    for (const day of ['2026-02-30', '29-11-2026', '2026-11-30']) {
      const res = await view('acc9', { day });
      expect(res.statusCode, day).toBe(400);
      expect(JSON.stringify(res.json()), day).toMatch(/"field":"day"/);
      expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect((await view('acc9', { day: DAY, branchId: 'x' })).statusCode).toBe(400);
  });
});

describe('GET /api/accounting/cashup/{day}/xlsx', () => {
  it('exports the summary, receipts, fees and petty cash sheets, money as numbers; audited', async () => {
    const res = await xlsx('acc9', DAY);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="cashup-${DAY}.xlsx"; filename*=UTF-8''${encodeURIComponent(`ปิดยอดประจำวัน-${DAY}.xlsx`)}`,
    );
    const summary = await readSheet(res.rawPayload, 'สรุปปิดยอด');
    expect(String(summary[0]![0])).toBe('ปิดยอดประจำวัน สาขาทดสอบเก้า วันที่ 29-11-2569: สรุปปิดยอด');
    const figure = (label: string) => summary.find((r) => r[0] === label)?.[1];
    expect(figure('รวมรับตามใบเสร็จ')).toBe(4250.25);
    expect(figure('รวมค่าตรวจทั้งวัน')).toBe(3050.25);
    expect(figure('เงินสดย่อยคงเหลือ ณ สิ้นวัน')).toBe(2379.5);
    expect(typeof figure('รวมรับตามใบเสร็จ')).toBe('number');
    const lines = await readSheet(res.rawPayload, 'ใบเสร็จรับเงิน');
    const rc1 = lines.find((r) => r[0] === 'RC2569-RS9-00001')!;
    expect(rc1.slice(1, 5)).toEqual(['29-11-2569', '10:00', 'โอนเงิน', 'โรงพยาบาลทดสอบเก้า']);
    expect(rc1[8]).toBe(1500);
    expect(String(lines.find((r) => r[0] === 'RC2569-RS9-00003')![9])).toContain('ยกเลิก');
    expect(lines.flat()).not.toContain('RC2569-RS1-07777');
    const fees = await readSheet(res.rawPayload, 'ค่าตรวจ');
    expect(fees.find((r) => r[5] === 'รวมค่าตรวจ')?.[6]).toBe(3050.25);
    const money = await readSheet(res.rawPayload, 'เงินสดย่อย');
    expect(money.find((r) => r[0] === 'ค่าใช้จ่าย: ค่าน้ำดื่ม')?.[1]).toBe(120.5);
    const audit = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'accounting.cashup.export'), eq(auditLog.entityId, String(rs9))));
    expect(audit.length).toBe(1);
  });

  it('401 anonymous, 403 staff and hospital users and another branch for Accounting, 400 bad or future days', async () => {
    expect((await xlsx(null, DAY)).statusCode).toBe(401);
    expect((await xlsx('staff', DAY)).statusCode).toBe(403);
    expect((await xlsx('hospital', DAY)).statusCode).toBe(403);
    expect((await xlsx('acc9', DAY, `?branchId=${rs1}`)).statusCode).toBe(403);
    for (const day of ['2026-13-01', 'today', '2026-11-30']) {
      const res = await xlsx('acc9', day);
      expect(res.statusCode, day).toBe(400);
      expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect((await xlsx('acc9', DAY, '?branchId=abc')).statusCode).toBe(400);
    const admin = await xlsx('admin', DAY, `?branchId=${rs9}`);
    expect(admin.statusCode).toBe(200);
    const other = await readSheet((await xlsx('admin', DAY, `?branchId=${rs1}`)).rawPayload, 'ใบเสร็จรับเงิน');
    expect(other.flat()).toContain('RC2569-RS1-07777');
  });
});
