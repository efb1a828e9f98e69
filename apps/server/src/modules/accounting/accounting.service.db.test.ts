import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdjustMoneyInputSchema, SubmitCostInputSchema } from '@rangsi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { LocalFileStore } from '../../storage/local-file-store';
import { currentUserNamed, refusalOf } from '../../test/service-test';
import { openTestDatabase } from '../../test/test-app';
import { addReceipt, branchId, EXE_BYTES, PNG_BYTES } from './accounting-testing';
import { AccountingRepository } from './accounting.repository';
import { AccountingService } from './accounting.service';
import type { LiveReceipt, ReceiptsPort } from './receipts.port';

/** The billing module's receipts as this test sets them: live receipts by branch, transfers by branch and day. */
class TestReceipts implements ReceiptsPort {
  readonly live = new Map<string, LiveReceipt & { branchId: number }>();
  readonly transfers = new Map<string, number>();
  liveReceiptByDocumentNo(branch: number, documentNo: string) {
    const found = [...this.live.values()].find((r) => r.branchId === branch && r.receiptDocumentId === documentNo);
    return Promise.resolve(found ?? null);
  }
  liveReceiptById(branch: number, receiptId: string) {
    const found = this.live.get(receiptId);
    return Promise.resolve(found && found.branchId === branch ? found : null);
  }
  transferReceiptsTotal(branch: number, day: string) {
    return Promise.resolve(this.transfers.get(`${branch} ${day}`) ?? 0);
  }
  receiptsOfDay() {
    return Promise.resolve([]);
  }
}

// Petty cash and exam fees: the figures the service computes itself, the branch each user may act on, and that a
// refused save leaves neither a row nor a stored file behind.
describe(AccountingService.name, () => {
  let database: DatabaseHandle;
  let filesRoot: string;
  let files: LocalFileStore;
  let sut: AccountingService;
  const receipts = new TestReceipts();
  // Far after the demo's own entries, so the days here are this test's alone.
  let clock = new Date('2030-03-10T05:00:00Z');
  const now = () => clock;
  const users: Record<string, CurrentUser> = {};
  let rs1: number;
  let rs2: number;
  let methodId: number;
  let receiptNo = 0;

  // Files with bytes: the durable writer keeps empty spare files in each folder, and its lists in .tmp.
  const storedFiles = () =>
    (fs.readdirSync(filesRoot, { recursive: true }) as string[])
      .filter((f) => {
        const stat = fs.statSync(path.join(filesRoot, f));
        return !f.startsWith('.tmp') && stat.isFile() && stat.size > 0;
      })
      .sort();
  const count = async (table: 'money_adjustments' | 'cost_submissions') =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!
      .n;
  const money = (items: [string, string][], branch?: number) =>
    AdjustMoneyInputSchema.parse({ branchId: branch, items: items.map(([name, amount]) => ({ name, amount })) });
  const cost = (fields: Record<string, string | number>) =>
    SubmitCostInputSchema.parse({ methodId, referenceCode: 'REF-1', ...fields });
  /** A billing receipt (a row, for the fee's reference to it) that the port answers as live in its branch. */
  const receipt = async (hospitalCode: 'H1' | 'H3', type: 'transfer' | 'cheque', amountSatang: number) => {
    const documentNo = `RC2573-${hospitalCode}-${(receiptNo += 1)}`;
    const receiptId = await addReceipt(database.db, { hospitalCode, documentNo, type, amountSatang, at: clock });
    receipts.live.set(receiptId, {
      receiptId,
      receiptDocumentId: documentNo,
      type,
      bankName: 'กรุงเทพ',
      amountSatang,
      number: 'CQ-1',
      branchId: hospitalCode === 'H1' ? rs1 : rs2,
    });
    return receiptId;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-accounting-service-'));
    files = new LocalFileStore(filesRoot);
    sut = new AccountingService({
      repo: new AccountingRepository(database.db),
      receipts,
      files,
      audit: new AuditService(database.db, now),
      now,
    });
    for (const name of ['billing', 'admin', 'hospital', 'staff'])
      users[name] = await currentUserNamed(database.db, name);
    [rs1, rs2] = [await branchId(database.db, 'RS1'), await branchId(database.db, 'RS2')];
    methodId = (await sut.costUi()).paymentMethods[0]!.id;
  });
  beforeEach(() => {
    clock = new Date('2030-03-10T05:00:00Z');
  });
  afterAll(async () => {
    await files.close();
    await database.close();
    fs.rmSync(filesRoot, { recursive: true, force: true });
  });

  it('acts on the Accounting user’s own branch, on the branch an Administrator names, and on no branch for others', async () => {
    expect(await sut.branchOf(users.billing!, undefined)).toBe(rs1);
    expect(await sut.branchOf(users.billing!, rs1)).toBe(rs1);
    expect((await refusalOf(sut.branchOf(users.billing!, rs2))).status).toBe(403);
    expect(await sut.branchOf(users.admin!, rs2)).toBe(rs2);
    expect((await refusalOf(sut.branchOf(users.admin!, 999_999))).code).toBe('ACC_BRANCH_NOT_FOUND');
    expect((await refusalOf(sut.branchOf(users.hospital!, undefined))).status).toBe(403);
    expect((await refusalOf(sut.branches(users.hospital!))).status).toBe(403);
    expect((await sut.branches(users.billing!)).branches.map((b) => b.id)).toEqual([rs1]);
  });

  it('computes petty cash as yesterday’s balance + today’s transfers − expenses, one new revision per save', async () => {
    receipts.transfers.set(`${rs1} 2030-03-10`, 500_000);
    const first = await sut.adjustMoney(
      users.billing!,
      money([
        ['ค่าน้ำ', '120.50'],
        ['ค่าไฟ', '1,000'],
      ]),
      null,
    );
    expect(first).toMatchObject({ day: '2030-03-10', revision: 1, todayMoney: 5_000, expenses: 1_120.5 });
    expect(first.balance).toBeCloseTo(first.yesterdayMoney + 5_000 - 1_120.5, 2);

    const second = await sut.adjustMoney(users.billing!, money([['ค่าไฟ', '1,000']]), null);
    expect(second).toMatchObject({ revision: 2, yesterdayMoney: first.yesterdayMoney, expenses: 1_000 });

    // The next Bangkok day starts from the last revision of the day before (17:00 UTC is already 11 March there).
    clock = new Date('2030-03-10T17:00:00Z');
    const next = await sut.adjustMoney(users.billing!, money([['ค่าส่งของ', '50']]), null);
    expect(next).toMatchObject({ day: '2030-03-11', revision: 1, yesterdayMoney: second.balance, todayMoney: 0 });
    expect(next.balance).toBeCloseTo(second.balance - 50, 2);
  });

  it('refuses an attachment that is not an image or a PDF, saving neither the entry nor the file', async () => {
    const [moneyRows, costRows, before] = [
      await count('money_adjustments'),
      await count('cost_submissions'),
      storedFiles(),
    ];
    const exe = { bytes: EXE_BYTES, fileName: 'setup.png' };
    expect((await refusalOf(sut.adjustMoney(users.billing!, money([['ค่าน้ำ', '10']]), exe))).code).toBe(
      'ATTACHMENT_BAD_TYPE',
    );
    expect((await refusalOf(sut.submitCost(users.billing!, cost({ type: 'cash', amount: '10' }), exe))).code).toBe(
      'ATTACHMENT_BAD_TYPE',
    );
    expect([await count('money_adjustments'), await count('cost_submissions'), storedFiles()]).toEqual([
      moneyRows,
      costRows,
      before,
    ]);
  });

  it('takes a cheque fee’s amount from its receipt, records a receipt once, and removes the file of the refused save', async () => {
    const receiptId = await receipt('H1', 'cheque', 123_400);
    const png = { bytes: PNG_BYTES, fileName: 'เช็ค.png' };
    const entry = await sut.submitCost(users.billing!, cost({ type: 'cheque', receiptId, amount: '1' }), png);
    expect(entry).toMatchObject({ type: 'cheque', amount: 1_234, receipt: { receiptId } });
    expect(entry.file?.url).toBe(`/api/accounting/cost/${entry.id}/file?branchId=${rs1}`);
    const stored = storedFiles();

    const again = await refusalOf(sut.submitCost(users.billing!, cost({ type: 'cheque', receiptId }), png));
    expect({ status: again.status, code: again.code }).toEqual({ status: 409, code: 'RECEIPT_ALREADY_RECORDED' });
    expect(storedFiles()).toEqual(stored);

    // A receipt of another branch is as unknown as a missing one; a transfer receipt is not a cheque.
    const elsewhere = await receipt('H3', 'cheque', 1_000);
    expect(
      (await refusalOf(sut.submitCost(users.billing!, cost({ type: 'cheque', receiptId: elsewhere }), null))).errors,
    ).toEqual([{ field: 'receiptId', message: expect.objectContaining({ code: expect.any(String) }) }]);
    const transfer = await receipt('H1', 'transfer', 1_000);
    const notCheque = await refusalOf(
      sut.submitCost(users.billing!, cost({ type: 'cheque', receiptId: transfer }), null),
    );
    expect(notCheque.message).toContain('เช็ค');
  });

  it('refuses an exam fee dated after today (Bangkok) or with an unknown payment method', async () => {
    const before = await count('cost_submissions');
    const future = await refusalOf(
      sut.submitCost(users.billing!, cost({ type: 'cash', amount: '10', date: '2030-03-11' }), null),
    );
    expect(future.errors?.[0]?.field).toBe('date');
    const unknown = await refusalOf(
      sut.submitCost(users.billing!, { ...cost({ type: 'cash', amount: '10' }), methodId: 999_999 }, null),
    );
    expect(unknown.errors?.[0]?.field).toBe('methodId');
    expect(await count('cost_submissions')).toBe(before);
    // An earlier day is fine, and the day's list and total count it.
    const entry = await sut.submitCost(users.billing!, cost({ type: 'cash', amount: '250', date: '2030-03-09' }), null);
    expect(entry.day).toBe('2030-03-09');
    clock = new Date('2030-03-09T05:00:00Z');
    const today = await sut.todayCost(users.billing!, 'cash', undefined);
    expect(today).toMatchObject({ day: '2030-03-09', count: 1, total: 250 });
  });

  it('opens an entry’s file for its own branch only', async () => {
    const entry = await sut.submitCost(users.billing!, cost({ type: 'cash', amount: '10' }), {
      bytes: PNG_BYTES,
      fileName: 'slip.png',
    });
    const opened = await sut.openFile(users.admin!, 'cost', entry.id, rs1);
    expect(opened).toMatchObject({ fileName: 'slip.png', fileContentType: 'image/png' });
    opened.stream.destroy();
    expect((await refusalOf(sut.openFile(users.admin!, 'cost', entry.id, rs2))).code).toBe('ACC_ENTRY_NOT_FOUND');
    const bare = await sut.submitCost(users.billing!, cost({ type: 'cash', amount: '10' }), null);
    expect((await refusalOf(sut.openFile(users.billing!, 'cost', bare.id, undefined))).code).toBe('NO_ATTACHMENT');
  });

  it('gives the cash-up to accounting desks only, and never for a future day', async () => {
    expect((await refusalOf(sut.cashup(users.staff!, {}))).status).toBe(403);
    expect((await refusalOf(sut.cashup(users.billing!, { day: '2030-03-11' }))).errors?.[0]?.field).toBe('day');
    const day = await sut.cashup(users.billing!, { day: '2030-03-10' });
    expect(day).toMatchObject({ branchId: rs1, day: '2030-03-10' });
  });
});
