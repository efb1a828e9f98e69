import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, costSubmissions } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  EXE_BYTES,
  PNG_BYTES,
  accountingCounts,
  addAccountingUser,
  addReceipt,
  branchId,
  itemFields,
  lookupId,
  multipart,
  storedAccountingFiles,
} from './accounting-testing';

const NOW = new Date('2026-11-29T03:00:00Z'); // 10:00 in Bangkok, 2026-11-29

const ROUTES: { method: 'GET' | 'POST'; url: string; permission: 'money' | 'cost' }[] = [
  { method: 'GET', url: '/api/uidata/accounting_money', permission: 'money' },
  { method: 'POST', url: '/api/accounting/adjustMoney', permission: 'money' },
  { method: 'GET', url: '/api/accounting/money/history', permission: 'money' },
  { method: 'GET', url: '/api/accounting/money/1/file', permission: 'money' },
  { method: 'GET', url: '/api/uidata/accounting_cost', permission: 'cost' },
  { method: 'POST', url: '/api/accounting/submitCost', permission: 'cost' },
  { method: 'GET', url: '/api/accounting/todayCost/all', permission: 'cost' },
  { method: 'GET', url: '/api/accounting/receipt/RC-C1', permission: 'cost' },
  { method: 'GET', url: '/api/accounting/cost/1/file', permission: 'cost' },
];

describe('accounting routes: access', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp({ now: () => NOW });
  });
  afterAll(async () => {
    await sut.close();
  });

  it('refuses anonymous callers with 401, even with a bad body', async () => {
    const body = multipart(itemFields([['x', '-1']]));
    for (const r of ROUTES) {
      const res = await sut.app.inject({ method: r.method, url: r.url, ...(r.method === 'POST' ? body : {}) });
      expect(res.statusCode, r.url).toBe(401);
    }
  });

  it('refuses users without ACCOUNTING_MONEY / ACCOUNTING_COST with 403 before reading the body', async () => {
    const body = multipart(itemFields([['x', '-1']]));
    for (const username of ['staff', 'doctor1', 'hospital', 'editor']) {
      const cookie = await sut.login(username);
      for (const r of ROUTES) {
        const res = await sut.app.inject({
          method: r.method,
          url: r.url,
          headers: { cookie, ...(r.method === 'POST' ? body.headers : {}) },
          payload: r.method === 'POST' ? body.payload : undefined,
        });
        expect(res.statusCode, `${username} ${r.url}`).toBe(403);
      }
    }
    expect(await accountingCounts(sut.database.db)).toEqual({ money: 0, items: 0, cost: 0 });
  });

  it('lets the Accounting user and the administrator in', async () => {
    for (const username of ['billing', 'admin']) {
      const cookie = await sut.login(username);
      expect((await sut.app.inject({ url: '/api/uidata/accounting_money', headers: { cookie } })).statusCode).toBe(200);
      expect((await sut.app.inject({ url: '/api/uidata/accounting_cost', headers: { cookie } })).statusCode).toBe(200);
    }
  });
});

describe('accounting routes: the branches a desk works on', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp({ now: () => NOW });
    await addAccountingUser(sut.database.db, 'billing_rs2', 'RS2');
  });
  afterAll(async () => {
    await sut.close();
  });
  const branchesOf = async (username: string) =>
    sut.app.inject({ url: '/api/accounting/branches', headers: { cookie: await sut.login(username) } });

  it('offers an Accounting user their own branch only, and an administrator every branch opening on their own', async () => {
    const rs1 = await branchId(sut.database.db, 'RS1');
    const rs2 = await branchId(sut.database.db, 'RS2');
    const billing = (await branchesOf('billing')).json().data;
    expect(billing.branches.map((b: { id: number }) => b.id)).toEqual([rs1]);
    expect(billing.defaultBranchId).toBe(rs1);
    expect((await branchesOf('billing_rs2')).json().data).toMatchObject({
      branches: [{ id: rs2 }],
      defaultBranchId: rs2,
    });
    const admin = (await branchesOf('admin')).json().data;
    const every = await sut.database.db.select({ id: branches.id }).from(branches);
    expect(admin.branches).toHaveLength(every.length);
    expect(admin.branches.map((b: { id: number }) => b.id)).toEqual(expect.arrayContaining([rs1, rs2]));
    expect(admin.branches[0].name).toMatch(/\S/);
    expect(admin.defaultBranchId).not.toBeNull();
  });

  it('refuses anonymous callers and users of no accounting desk', async () => {
    expect((await sut.app.inject({ url: '/api/accounting/branches' })).statusCode).toBe(401);
    for (const username of ['staff', 'doctor1', 'hospital'])
      expect((await branchesOf(username)).statusCode, username).toBe(403);
  });
});

describe('exam fees (accounting cost)', () => {
  let sut: TestContext;
  let billing: string;
  let rs2User: string;
  let cash: number;
  let cheque: number;
  let chequeReceipt: string;
  let chequeReceipt2: string;
  let transferReceipt: string;
  let rs2Receipt: string;

  const submit = (cookie: string, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return sut.app.inject({
      method: 'POST',
      url: '/api/accounting/submitCost',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const fields = (f: Record<string, string>) => Object.entries(f).map(([name, value]) => ({ name, value }));
  const today = (cookie: string, x: string) =>
    sut.app.inject({ url: `/api/accounting/todayCost/${x}`, headers: { cookie } });

  beforeAll(async () => {
    sut = await createTestApp({ now: () => NOW });
    const db = sut.database.db;
    await addAccountingUser(db, 'billing_rs2', 'RS2');
    cash = await lookupId(db, 'costPaymentMethod', 'CASH');
    cheque = await lookupId(db, 'costPaymentMethod', 'CHEQUE');
    chequeReceipt = await addReceipt(db, {
      hospitalCode: 'H1',
      documentNo: 'RC2569-RS1-00001',
      type: 'cheque',
      amountSatang: 500_000,
      at: NOW,
    });
    chequeReceipt2 = await addReceipt(db, {
      hospitalCode: 'H2',
      documentNo: 'RC2569-RS1-00002',
      type: 'cheque',
      amountSatang: 12_345,
      at: NOW,
    });
    transferReceipt = await addReceipt(db, {
      hospitalCode: 'H1',
      documentNo: 'RC2569-RS1-00003',
      type: 'transfer',
      amountSatang: 1_000,
      at: NOW,
    });
    rs2Receipt = await addReceipt(db, {
      hospitalCode: 'H3',
      documentNo: 'RC2569-RS2-00001',
      type: 'cheque',
      amountSatang: 70_000,
      at: NOW,
    });
    billing = await sut.login('billing');
    rs2User = await sut.login('billing_rs2');
  });
  afterAll(async () => {
    await sut.close();
  });

  it('lists the exam-fee payment methods', async () => {
    const res = await sut.app.inject({ url: '/api/uidata/accounting_cost', headers: { cookie: billing } });
    expect(res.statusCode).toBe(200);
    const methods = res.json().data.paymentMethods as { id: number; name: string }[];
    expect(methods.map((m) => m.name).sort()).toEqual(['เงินสด', 'เช็ค', 'โอนเงิน'].sort());
    expect(methods.map((m) => m.id)).toContain(cash);
  });

  it("looks up a live receipt of the branch by its document number; another branch's or an unknown one is 404", async () => {
    const res = await sut.app.inject({ url: '/api/accounting/receipt/RC2569-RS1-00001', headers: { cookie: billing } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      receiptId: chequeReceipt,
      receiptDocumentId: 'RC2569-RS1-00001',
      type: 'cheque',
      bankName: 'ธนาคารทดสอบ',
      amount: 5000,
      number: 'N-RC2569-RS1-00001',
    });
    for (const [cookie, id] of [
      [billing, 'RC2569-RS2-00001'],
      [billing, 'RC9999'],
      [rs2User, 'RC2569-RS1-00001'],
      [billing, encodeURIComponent('ใบเสร็จ')],
    ] as const) {
      const miss = await sut.app.inject({ url: `/api/accounting/receipt/${id}`, headers: { cookie } });
      expect(miss.statusCode, id).toBe(404);
      expect(miss.json().message).toContain('ไม่พบเลขที่ใบเสร็จ');
    }
    expect(
      (await sut.app.inject({ url: `/api/accounting/receipt/${'9'.repeat(65)}`, headers: { cookie: billing } }))
        .statusCode,
    ).toBe(400);
  });

  it('records cash as typed, with its method, reference, remark and file, and audits it', async () => {
    const res = await submit(billing, [
      ...fields({
        type: 'cash',
        methodId: String(cash),
        amount: '1,500.50',
        referenceCode: 'REF-1',
        remark: 'ค่าตรวจ CT',
      }),
      { name: 'file', value: PNG_BYTES, filename: 'slip.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('บันทึกสำเร็จ');
    const entry = res.json().data;
    expect(entry).toMatchObject({
      day: '2026-11-29',
      type: 'cash',
      methodId: cash,
      methodName: 'เงินสด',
      amount: 1500.5,
      referenceCode: 'REF-1',
      remark: 'ค่าตรวจ CT',
      receipt: null,
      createdBy: 'จิราพร สุขสวัสดิ์',
      file: {
        fileName: 'slip.png',
        contentType: 'image/png',
        url: `/api/accounting/cost/${entry.id}/file?branchId=${entry.branchId}`,
      },
    });
    const audit = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'accounting.cost.save'), eq(auditLog.entityId, String(entry.id))));
    expect(audit).toHaveLength(1);
    const file = await sut.app.inject({ url: entry.file.url, headers: { cookie: billing } });
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await sut.app.inject({ url: entry.file.url, headers: { cookie: rs2User } })).statusCode).toBe(403);
    expect(
      (await sut.app.inject({ url: `/api/accounting/cost/${entry.id}/file`, headers: { cookie: rs2User } })).statusCode,
    ).toBe(404);
  });

  it("records a cheque at its receipt's amount, whatever amount the form sent, and only once", async () => {
    const res = await submit(
      billing,
      fields({ type: 'cheque', methodId: String(cheque), amount: '1.00', receiptId: chequeReceipt }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'cheque',
      amount: 5000,
      receipt: { receiptId: chequeReceipt, receiptDocumentId: 'RC2569-RS1-00001' },
    });
    const before = await accountingCounts(sut.database.db);
    const again = await submit(billing, fields({ type: 'cheque', methodId: String(cheque), receiptId: chequeReceipt }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('ใบเสร็จนี้บันทึกค่าตรวจแล้ว');
    expect(await accountingCounts(sut.database.db)).toEqual(before);
  });

  it("answers today's entries and total by type: cash, cheque or all", async () => {
    const ok = await submit(billing, fields({ type: 'cheque', methodId: String(cheque), receiptId: chequeReceipt2 }));
    expect(ok.statusCode).toBe(200);
    // An earlier day's intake is recorded under its day, not today's.
    const earlier = await submit(
      billing,
      fields({ type: 'cash', methodId: String(cash), amount: '99', date: '2026-11-01' }),
    );
    expect(earlier.json().data.day).toBe('2026-11-01');
    const all = (await today(billing, 'all')).json().data;
    expect(all).toMatchObject({ day: '2026-11-29', type: 'all', count: 3, total: 6623.95, truncated: false });
    expect((await today(billing, 'cash')).json().data).toMatchObject({ count: 1, total: 1500.5 });
    const cheques = (await today(billing, 'cheque')).json().data;
    expect(cheques).toMatchObject({ count: 2, total: 5123.45 });
    expect(cheques.entries.map((e: { type: string }) => e.type)).toEqual(['cheque', 'cheque']);
    expect((await today(rs2User, 'all')).json().data).toMatchObject({ count: 0, total: 0, entries: [] });
    expect((await today(billing, 'transfer')).statusCode).toBe(400);
  });

  describe('refuses bad input with a Thai 400 and saves nothing', () => {
    const cases = (): [string, Parameters<typeof multipart>[0], string][] => [
      ['no type', fields({ methodId: String(cash), amount: '10' }), 'กรุณาเลือกประเภท'],
      ['an unknown type', fields({ type: 'transfer', methodId: String(cash), amount: '10' }), 'กรุณาเลือกประเภท'],
      ['no method', fields({ type: 'cash', amount: '10' }), 'กรุณาเลือกประเภท'],
      ['a method that does not exist', fields({ type: 'cash', methodId: '999999', amount: '10' }), 'ไม่พบวิธีชำระเงิน'],
      ['cash without an amount', fields({ type: 'cash', methodId: String(cash) }), 'กรุณาระบุจำนวนเงิน'],
      [
        'a negative amount',
        fields({ type: 'cash', methodId: String(cash), amount: '-10' }),
        'จำนวนเงินต้องเป็นตัวเลขมากกว่า 0',
      ],
      ['a zero amount', fields({ type: 'cash', methodId: String(cash), amount: '0' }), 'จำนวนเงินต้องมากกว่า 0'],
      [
        'a non-numeric amount',
        fields({ type: 'cash', methodId: String(cash), amount: 'abc' }),
        'จำนวนเงินต้องเป็นตัวเลขมากกว่า 0',
      ],
      ['three decimals', fields({ type: 'cash', methodId: String(cash), amount: '1.001' }), 'ทศนิยมได้ไม่เกิน 2 ตำแหน่ง'],
      [
        'over ten million baht',
        fields({ type: 'cash', methodId: String(cash), amount: '10000001' }),
        'ต้องไม่เกิน 10,000,000.00 บาท',
      ],
      [
        'a future date',
        fields({ type: 'cash', methodId: String(cash), amount: '10', date: '2026-11-30' }),
        'วันที่ต้องไม่เกินวันนี้',
      ],
      [
        'an impossible date',
        fields({ type: 'cash', methodId: String(cash), amount: '10', date: '2026-02-30' }),
        'ไม่มีวันที่นี้ในปฏิทิน',
      ],
      [
        'a malformed date',
        fields({ type: 'cash', methodId: String(cash), amount: '10', date: '29/11/2026' }),
        'yyyy-MM-dd',
      ],
      ['a cheque without a receipt', fields({ type: 'cheque', methodId: String(cheque) }), 'กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง'],
      [
        'a cheque with a receipt number that does not exist',
        fields({ type: 'cheque', methodId: String(cheque), receiptId: '00000000-0000-4000-8000-000000000000' }),
        'กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง',
      ],
      [
        'a cheque with a document number instead of the looked-up receipt',
        fields({ type: 'cheque', methodId: String(cheque), receiptId: 'RC2569-RS1-00009' }),
        'กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง',
      ],
      [
        'a cheque with a transfer receipt',
        fields({ type: 'cheque', methodId: String(cheque), receiptId: transferReceipt }),
        'ไม่ได้ชำระด้วยเช็ค',
      ],
      [
        "a cheque with another branch's receipt",
        fields({ type: 'cheque', methodId: String(cheque), receiptId: rs2Receipt }),
        'กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง',
      ],
      [
        'a 1,001-character remark',
        fields({ type: 'cash', methodId: String(cash), amount: '10', remark: 'ค'.repeat(1001) }),
        'หมายเหตุยาวได้ไม่เกิน 1,000',
      ],
      [
        'a 5 MB remark',
        fields({ type: 'cash', methodId: String(cash), amount: '10', remark: 'x'.repeat(5 * 1024 * 1024) }),
        'remark',
      ],
      [
        'a 101-character reference',
        fields({ type: 'cash', methodId: String(cash), amount: '10', referenceCode: 'r'.repeat(101) }),
        'เลขอ้างอิง',
      ],
      [
        'an .exe renamed .pdf',
        [
          ...fields({ type: 'cash', methodId: String(cash), amount: '10' }),
          { name: 'file', value: EXE_BYTES, filename: 'slip.pdf', type: 'application/pdf' },
        ],
        'JPEG, PNG หรือ PDF',
      ],
      [
        'a file over 10 MB',
        [
          ...fields({ type: 'cash', methodId: String(cash), amount: '10' }),
          { name: 'file', value: Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]), filename: 'big.png' },
        ],
        'ใหญ่เกิน 10 MB',
      ],
    ];
    it('for every case of the issue and §5', async () => {
      for (const [name, parts, message] of cases()) {
        const before = await accountingCounts(sut.database.db);
        const files = storedAccountingFiles(sut.config.DATA_DIR).length;
        const res = await submit(billing, parts);
        expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(400);
        expect(res.json().message, name).toContain(message);
        expect(await accountingCounts(sut.database.db), name).toEqual(before);
        expect(storedAccountingFiles(sut.config.DATA_DIR), name).toHaveLength(files);
      }
      const rows = await sut.database.db.select().from(costSubmissions);
      expect(rows).toHaveLength(4);
    });
  });
});
