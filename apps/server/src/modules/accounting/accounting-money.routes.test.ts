import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, moneyAdjustments } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  EXE_BYTES,
  PDF_BYTES,
  PNG_BYTES,
  accountingCounts,
  addAccountingUser,
  addReceipt,
  branchId,
  itemFields,
  multipart,
  storedAccountingFiles,
} from './accounting-testing';

const DAY1 = new Date('2026-11-29T03:00:00Z'); // 10:00 in Bangkok
const DAY2 = new Date('2026-11-30T02:00:00Z');

describe('petty cash (accounting money)', () => {
  let sut: TestContext;
  let clock = DAY1;
  let billing: string;
  let rs2User: string;
  let rs2: number;

  const save = (cookie: string, parts: Parameters<typeof multipart>[0], query = '') => {
    const body = multipart(parts);
    return sut.app.inject({
      method: 'POST',
      url: `/api/accounting/adjustMoney${query}`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const ui = (cookie: string, query = '') =>
    sut.app.inject({ url: `/api/uidata/accounting_money${query}`, headers: { cookie } });

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    const db = sut.database.db;
    rs2 = await branchId(db, 'RS2');
    await addAccountingUser(db, 'billing_rs2', 'RS2');
    // Transfers received on day 1 at RS1 (H1 is an RS1 hospital), one the evening before, a cheque, and RS2's own.
    await addReceipt(db, {
      hospitalCode: 'H1',
      documentNo: 'RC-T1',
      type: 'transfer',
      amountSatang: 100_000,
      at: new Date('2026-11-29T01:00:00Z'),
    });
    await addReceipt(db, {
      hospitalCode: 'H2',
      documentNo: 'RC-T2',
      type: 'transfer',
      amountSatang: 25_050,
      at: new Date('2026-11-29T16:59:00Z'),
    });
    await addReceipt(db, {
      hospitalCode: 'H1',
      documentNo: 'RC-T0',
      type: 'transfer',
      amountSatang: 99_900,
      at: new Date('2026-11-28T16:59:00Z'),
    });
    await addReceipt(db, {
      hospitalCode: 'H1',
      documentNo: 'RC-C1',
      type: 'cheque',
      amountSatang: 500_000,
      at: new Date('2026-11-29T02:00:00Z'),
    });
    await addReceipt(db, {
      hospitalCode: 'H3',
      documentNo: 'RC-T9',
      type: 'transfer',
      amountSatang: 77_700,
      at: new Date('2026-11-29T02:00:00Z'),
    });
    billing = await sut.login('billing');
    rs2User = await sut.login('billing_rs2');
  });
  afterAll(async () => {
    await sut.close();
  });

  it("starts a day with no earlier balance and the day's transfer receipts of the branch only", async () => {
    const res = await ui(billing);
    expect(res.statusCode).toBe(200);
    // 1,000.00 + 250.50 of RS1 on the Bangkok day 2026-11-29: not the day before, not the cheque, not RS2's.
    expect(res.json().data).toMatchObject({
      day: '2026-11-29',
      yesterdayDay: null,
      yesterdayMoney: 0,
      todayMoney: 1250.5,
      entries: [],
    });
    expect((await ui(rs2User)).json().data).toMatchObject({ branchId: rs2, todayMoney: 777, entries: [] });
  });

  it('saves an entry with the balance computed on the server, its lines, remark and file, and audits it', async () => {
    const res = await save(billing, [
      ...itemFields([
        ['ค่าน้ำดื่ม', '100.25'],
        ['ค่าไปรษณีย์', '200'],
      ]),
      { name: 'remark', value: 'เบิกเงินสดย่อย' },
      { name: 'yesterdayMoney', value: '999999' }, // the client's figures are never taken
      { name: 'file', value: PNG_BYTES, filename: 'ใบเสร็จ.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('บันทึกสำเร็จ');
    const entry = res.json().data;
    expect(entry).toMatchObject({
      day: '2026-11-29',
      revision: 1,
      yesterdayMoney: 0,
      todayMoney: 1250.5,
      expenses: 300.25,
      balance: 950.25,
      remark: 'เบิกเงินสดย่อย',
      items: [
        { name: 'ค่าน้ำดื่ม', amount: 100.25 },
        { name: 'ค่าไปรษณีย์', amount: 200 },
      ],
      createdBy: 'จิราพร สุขสวัสดิ์',
      file: {
        fileName: 'ใบเสร็จ.png',
        contentType: 'image/png',
        sizeBytes: PNG_BYTES.length,
        url: `/api/accounting/money/${entry.id}/file?branchId=${entry.branchId}`,
      },
    });
    const [row] = await sut.database.db.select().from(moneyAdjustments).where(eq(moneyAdjustments.id, entry.id));
    expect(row).toMatchObject({
      yesterdaySatang: 0,
      todaySatang: 125_050,
      expensesSatang: 30_025,
      balanceSatang: 95_025,
    });
    const audit = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'accounting.money.save'), eq(auditLog.entityId, String(entry.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.username).toBe('billing');

    const file = await sut.app.inject({ url: entry.file.url, headers: { cookie: billing } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it("keeps a second save of the day as a new revision: the first stays, the latest is the day's figure", async () => {
    const res = await save(billing, [
      ...itemFields([
        ['ค่าน้ำดื่ม', '100.25'],
        ['ค่าไปรษณีย์', '250'],
      ]),
      { name: 'file', value: PDF_BYTES, filename: 'x.pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      revision: 2,
      expenses: 350.25,
      balance: 900.25,
      remark: null,
      file: { contentType: 'application/pdf' },
    });
    const day = (await ui(billing)).json().data;
    expect(day.entries.map((e: { revision: number; balance: number }) => [e.revision, e.balance])).toEqual([
      [2, 900.25],
      [1, 950.25],
    ]);
    expect((await accountingCounts(sut.database.db)).money).toBe(2);
  });

  it("carries the latest revision of the latest earlier day over as the next day's yesterday", async () => {
    clock = DAY2;
    try {
      // A new day, a new sign-in: the day-old session has expired.
      const cookie = await sut.login('billing');
      const day = (await ui(cookie)).json().data;
      expect(day).toMatchObject({
        day: '2026-11-30',
        yesterdayDay: '2026-11-29',
        yesterdayMoney: 900.25,
        todayMoney: 0,
        entries: [],
      });
      const res = await save(cookie, itemFields([['ค่ากาแฟ', '0.25']]));
      expect(res.json().data).toMatchObject({
        day: '2026-11-30',
        revision: 1,
        yesterdayMoney: 900.25,
        todayMoney: 0,
        expenses: 0.25,
        balance: 900,
      });
    } finally {
      clock = DAY1;
    }
  });

  it('lists the history newest first with lines and who saved, paged by a cursor, within a checked range', async () => {
    const res = await sut.app.inject({
      url: '/api/accounting/money/history?from=2026-11-01&to=2026-11-30',
      headers: { cookie: billing },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.entries.map((e: { day: string; revision: number }) => `${e.day}.${e.revision}`)).toEqual([
      '2026-11-30.1',
      '2026-11-29.2',
      '2026-11-29.1',
    ]);
    expect(data.entries[2]).toMatchObject({
      createdBy: 'จิราพร สุขสวัสดิ์',
      items: [{ name: 'ค่าน้ำดื่ม' }, { name: 'ค่าไปรษณีย์' }],
    });
    expect(data.nextBefore).toBeNull();

    // 60 earlier entries make a second page.
    const branch = await branchId(sut.database.db, 'RS1');
    await sut.database.db.insert(moneyAdjustments).values(
      Array.from({ length: 60 }, (_, i) => ({
        branchId: branch,
        day: `2026-10-${String(1 + (i % 30)).padStart(2, '0')}`,
        revision: 1 + Math.floor(i / 30),
        yesterdaySatang: 0,
        todaySatang: 0,
        expensesSatang: 0,
        balanceSatang: 0,
      })),
    );
    const first = (
      await sut.app.inject({
        url: '/api/accounting/money/history?from=2026-10-01&to=2026-11-30',
        headers: { cookie: billing },
      })
    ).json().data;
    expect(first.entries).toHaveLength(50);
    expect(first.nextBefore).toBe(`${first.entries[49].day}.${first.entries[49].revision}`);
    const second = (
      await sut.app.inject({
        url: `/api/accounting/money/history?from=2026-10-01&to=2026-11-30&before=${first.nextBefore}`,
        headers: { cookie: billing },
      })
    ).json().data;
    expect(second.entries).toHaveLength(13);
    expect(second.nextBefore).toBeNull();
    const seen = [...first.entries, ...second.entries].map((e: { id: number }) => e.id);
    expect(new Set(seen).size).toBe(63);

    for (const q of [
      'from=2026-11-30&to=2026-11-01',
      'from=2024-01-01&to=2026-11-30',
      'from=2026-02-30',
      'to=abc',
      'before=xyz',
    ]) {
      const bad = await sut.app.inject({ url: `/api/accounting/money/history?${q}`, headers: { cookie: billing } });
      expect(bad.statusCode, q).toBe(400);
    }
  });

  it('shows another branch none of these entries or files; an administrator names the branch', async () => {
    const mine = (await ui(billing)).json().data.entries as { id: number; file: { url: string } }[];
    expect((await ui(rs2User)).json().data.entries).toEqual([]);
    const history = await sut.app.inject({
      url: '/api/accounting/money/history?from=2026-10-01&to=2026-11-30',
      headers: { cookie: rs2User },
    });
    expect(history.json().data.entries).toEqual([]);
    // The link names its branch (acc46): refused to another branch's user as given, and unknown without the branch.
    expect((await sut.app.inject({ url: mine[0]!.file.url, headers: { cookie: rs2User } })).statusCode).toBe(403);
    expect(
      (await sut.app.inject({ url: mine[0]!.file.url.replace(/\?.*$/, ''), headers: { cookie: rs2User } })).statusCode,
    ).toBe(404);
    // Naming another branch is refused to an Accounting user, whatever the call.
    expect((await ui(billing, `?branchId=${rs2}`)).statusCode).toBe(403);
    // An entry without a file, for the next test.
    expect((await save(billing, itemFields([['x', '1']]))).statusCode).toBe(200);
    const before = await accountingCounts(sut.database.db);
    expect(
      (await save(billing, [...itemFields([['x', '1']]), { name: 'branchId', value: String(rs2) }])).statusCode,
    ).toBe(403);
    expect(await accountingCounts(sut.database.db)).toEqual(before);

    const admin = await sut.login('admin');
    expect((await ui(admin, `?branchId=${rs2}`)).json().data).toMatchObject({
      branchId: rs2,
      todayMoney: 777,
      entries: [],
    });
    const saved = await save(admin, [...itemFields([['ค่าเดินทาง', '50']]), { name: 'branchId', value: String(rs2) }]);
    expect(saved.json().data).toMatchObject({ branchId: rs2, revision: 1, balance: 727 });
    expect((await ui(rs2User)).json().data.entries).toHaveLength(1);
    expect((await ui(admin, '?branchId=999999')).statusCode).toBe(404);
  });

  it('gives two saves at the same moment consecutive revisions from the same figures', async () => {
    const [a, b] = await Promise.all([
      save(rs2User, itemFields([['ก', '1']])),
      save(rs2User, itemFields([['ข', '2']])),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().data.revision, b.json().data.revision].sort()).toEqual([2, 3]);
    expect(a.json().data.yesterdayMoney).toBe(b.json().data.yesterdayMoney);
  });

  it('answers 404 for an entry without a file or an unknown one, 400 for a malformed id', async () => {
    const [plain] = (await ui(billing)).json().data.entries as { id: number; file: unknown }[];
    expect(plain!.file).toBeNull();
    expect(
      (await sut.app.inject({ url: `/api/accounting/money/${plain!.id}/file`, headers: { cookie: billing } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await sut.app.inject({ url: '/api/accounting/money/999999/file', headers: { cookie: billing } })).statusCode,
    ).toBe(404);
    expect(
      (await sut.app.inject({ url: '/api/accounting/money/abc/file', headers: { cookie: billing } })).statusCode,
    ).toBe(400);
  });

  describe('refuses bad input with a Thai 400 and saves nothing', () => {
    const OK_LINE: [string, string] = ['ค่าน้ำ', '10'];
    const cases: [string, Parameters<typeof multipart>[0], string][] = [
      ['no lines', [{ name: 'remark', value: 'x' }], 'กรุณากรอกข้อมูล'],
      [
        'only blank lines',
        itemFields([
          ['', ''],
          ['', ''],
        ]),
        'กรุณากรอกข้อมูล',
      ],
      [
        'every line 0',
        itemFields([
          ['ค่าน้ำ', '0'],
          ['ค่าไฟ', '0.00'],
        ]),
        'กรุณากรอกข้อมูล',
      ],
      ['a negative amount alone', itemFields([['ค่าน้ำ', '-5']]), 'กรุณากรอกข้อมูล'],
      ['a negative amount', itemFields([OK_LINE, ['ค่าไฟ', '-5']]), 'จำนวนเงินต้องเป็นตัวเลขมากกว่า 0'],
      ['a zero amount beside a good one', itemFields([OK_LINE, ['ค่าไฟ', '0']]), 'จำนวนเงินต้องมากกว่า 0'],
      ['a non-numeric amount', itemFields([OK_LINE, ['ค่าไฟ', 'สิบบาท']]), 'จำนวนเงินต้องเป็นตัวเลขมากกว่า 0'],
      ['three decimals', itemFields([['ค่าไฟ', '10.005']]), 'ทศนิยมได้ไม่เกิน 2 ตำแหน่ง'],
      ['over ten million baht', itemFields([['ค่าไฟ', '10000000.01']]), 'ต้องไม่เกิน 10,000,000.00 บาท'],
      ['an amount without a name', itemFields([['', '10']]), 'กรุณาระบุชื่อรายการ'],
      ['a 201-character name', itemFields([['ก'.repeat(201), '10']]), 'ชื่อรายการยาวได้ไม่เกิน 200'],
      ['101 lines', itemFields(Array.from({ length: 101 }, () => OK_LINE)), 'เกินกำหนด'],
      [
        'a 1,001-character remark',
        [...itemFields([OK_LINE]), { name: 'remark', value: 'ข'.repeat(1001) }],
        'หมายเหตุยาวได้ไม่เกิน 1,000',
      ],
      ['a 5 MB remark', [...itemFields([OK_LINE]), { name: 'remark', value: 'x'.repeat(5 * 1024 * 1024) }], 'remark'],
      [
        'an .exe renamed .pdf',
        [
          ...itemFields([OK_LINE]),
          { name: 'file', value: EXE_BYTES, filename: 'receipt.pdf', type: 'application/pdf' },
        ],
        'JPEG, PNG หรือ PDF',
      ],
      [
        'a file over 10 MB',
        [
          ...itemFields([OK_LINE]),
          { name: 'file', value: Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]), filename: 'big.pdf' },
        ],
        'ใหญ่เกิน 10 MB',
      ],
      [
        'two files',
        [
          ...itemFields([OK_LINE]),
          { name: 'file', value: PNG_BYTES, filename: 'a.png' },
          { name: 'file', value: PNG_BYTES, filename: 'b.png' },
        ],
        'ครั้งละ 1 ไฟล์',
      ],
    ];
    it.each(cases)('%s', async (_name, parts, message) => {
      const before = await accountingCounts(sut.database.db);
      const files = storedAccountingFiles(sut.config.DATA_DIR).length;
      const res = await save(billing, parts);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await accountingCounts(sut.database.db)).toEqual(before);
      expect(storedAccountingFiles(sut.config.DATA_DIR)).toHaveLength(files);
    });

    it('a JSON body instead of a form', async () => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/accounting/adjustMoney',
        headers: { cookie: billing },
        payload: { items: [{ name: 'x', amount: 1 }] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('multipart/form-data');
    });
  });
});
