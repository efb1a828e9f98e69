import { buddhistYearOf } from '@rangsi/domain';
import { formatDocumentNo, type DocumentKind } from '../modules/billing/document-numbers';
import type { Database } from '../db/client';
import {
  billingRequests,
  billings,
  costSubmissions,
  documentNumbers,
  moneyAdjustmentItems,
  moneyAdjustments,
  receiptLines,
  receipts,
} from '../db/schema/index';
import { bangkokMidnight, DAY, HOUR, MINUTE } from './bangkok-time';
import type { OrgContext } from './demo-org';
import type { DemoRows } from './demo-rows';
import { insertChunks } from './insert-chunks';
import type { Rng } from './prng';
import { bangkokDayOf } from '@rangsi/domain';

/** What the accounting demo made, for the summary and its test. */
export interface AccountingDemoCounts {
  billings: number;
  billingLines: number;
  receipts: number;
  voidedReceipts: number;
  pettyCashEntries: number;
  examFees: number;
}

interface Billable {
  id: string;
  branchId: number;
  hospitalId: number;
  appointmentAt: Date;
  totalSatang: number;
}

/** How each weekly batch of a hospital stands, oldest first: the newest is unpaid and its statement not yet printed. */
const BATCH_STATES = ['paid-transfer', 'paid-cheque', 'part-paid', 'unpaid'] as const;
const BANKS = ['ธนาคารกรุงไทย', 'ธนาคารกรุงเทพ', 'ธนาคารกสิกรไทย', 'ธนาคารไทยพาณิชย์', 'ธนาคารออมสิน'];
const EXPENSES: readonly (readonly [string, number, number])[] = [
  ['ค่าน้ำดื่มและกาแฟ', 120, 450],
  ['ค่าส่งเอกสารทางไปรษณีย์', 45, 320],
  ['ค่าเดินทางรับส่งฟิล์ม', 80, 600],
  ['ค่าวัสดุสิ้นเปลืองสำนักงาน', 150, 1_200],
  ['ค่าซ่อมเครื่องพิมพ์', 500, 2_500],
  ['ค่าทำความสะอาด', 200, 800],
];

/**
 * A month of the accounting side for every branch (issue 24 item 10): weekly billing batches per hospital (paid by
 * transfer, paid by cheque, part paid with a voided receipt before the good one, unpaid and unprinted), the last
 * week left unbilled for the billing screen, petty cash day by day, and exam fees in cash and against cheque
 * receipts. Totals come from the requests' priced lines as the billing module computes them; document numbers run
 * without gaps per branch, kind and Buddhist-era year, and the counters continue from them.
 */
export async function seedDemoAccounting(
  db: Database,
  c: { rng: Rng; org: OrgContext; rows: DemoRows; now: Date },
): Promise<AccountingDemoCounts> {
  const { rng, org, now } = c;
  const today = bangkokMidnight(now);
  const billingUser = (branchId: number) =>
    [...org.users.values()].find((u) => u.roleName === 'Accounting' && u.branchId === branchId) ??
    [...org.users.values()].find((u) => u.roleName === 'Administrator')!;
  const numbers = new DocumentCounter(org);

  const byHospital = groupBillable(c.rows, today);
  const batches: (typeof billings.$inferInsert)[] = [];
  const lines: (typeof billingRequests.$inferInsert)[] = [];
  const issued: (typeof receipts.$inferInsert)[] = [];
  const paidLines: (typeof receiptLines.$inferInsert)[] = [];
  let voided = 0;

  for (const requests of byHospital.values()) {
    const { branchId, hospitalId } = requests[0]!;
    const clerk = billingUser(branchId);
    // Four weekly windows ending a week ago: [-35,-28), [-28,-21), [-21,-14), [-14,-7) days.
    for (let w = 0; w < BATCH_STATES.length; w++) {
      const from = new Date(today.getTime() - (35 - 7 * w) * DAY);
      const to = new Date(from.getTime() + 7 * DAY);
      const inWindow = requests.filter((r) => r.appointmentAt >= from && r.appointmentAt < to);
      if (inWindow.length === 0) continue;
      const state = BATCH_STATES[w]!;
      const createdAt = new Date(to.getTime() + 10 * HOUR + rng.int(0, 90) * MINUTE);
      const billingId = rng.uuid();
      batches.push({
        id: billingId,
        documentNo: '',
        branchId,
        hospitalId,
        privilegeId: null,
        startDate: bangkokDayOf(from),
        endDate: bangkokDayOf(new Date(to.getTime() - DAY)),
        isPrinted: state !== 'unpaid',
        printedAt: state === 'unpaid' ? null : new Date(createdAt.getTime() + 5 * MINUTE),
        createdBy: clerk.id,
        createdAt,
      });
      const batchLines = inWindow.map((r) => ({
        billingId,
        requestId: r.id,
        totalSatang: r.totalSatang,
        appointmentAt: r.appointmentAt,
      }));
      const paying =
        state === 'unpaid'
          ? []
          : state === 'part-paid'
            ? batchLines.slice(0, Math.ceil(batchLines.length / 2))
            : batchLines;
      const receivedAt = new Date(Math.min(createdAt.getTime() + rng.int(2, 5) * DAY + 4 * HOUR, now.getTime() - HOUR));
      const receiptOf = (type: 'transfer' | 'cheque', at: Date) => {
        const sum = paying.reduce((n, l) => n + l.totalSatang, 0);
        return {
          id: rng.uuid(),
          billingId,
          branchId,
          documentNo: '',
          type,
          bankName: rng.pick(BANKS),
          // Now and then the hospital withholds 1 % tax: the receipt records what came in (decision acc04).
          amountSatang: rng.chance(0.3) ? sum - Math.round(sum / 100) : sum,
          linesSatang: sum,
          number: type === 'cheque' ? rng.digits(8) : `TRF${rng.digits(10)}`,
          createdBy: clerk.id,
          createdAt: at,
        };
      };
      if (state === 'part-paid') {
        // The first receipt was typed with the wrong bank and voided: it stays, struck through, with its reason.
        const wrongAt = new Date(receivedAt.getTime() - 2 * HOUR);
        const wrong = {
          ...receiptOf('transfer', wrongAt),
          voidedAt: new Date(wrongAt.getTime() + 30 * MINUTE),
          voidedBy: clerk.id,
          voidReason: 'ระบุธนาคารผิด ออกใบเสร็จใหม่',
        };
        issued.push(wrong);
        paidLines.push(
          ...paying.map((l) => ({
            receiptId: wrong.id,
            requestId: l.requestId,
            billingId,
            totalSatang: l.totalSatang,
            voidedAt: wrong.voidedAt,
          })),
        );
        voided++;
      }
      let receiptId: string | null = null;
      if (paying.length > 0) {
        const receipt = receiptOf(state === 'paid-cheque' ? 'cheque' : 'transfer', receivedAt);
        issued.push(receipt);
        receiptId = receipt.id;
        paidLines.push(
          ...paying.map((l) => ({
            receiptId: receipt.id,
            requestId: l.requestId,
            billingId,
            totalSatang: l.totalSatang,
          })),
        );
      }
      const paid = new Set(paying.map((l) => l.requestId));
      lines.push(
        ...batchLines.map((l) =>
          paid.has(l.requestId) ? { ...l, paidReceiptId: receiptId, paidAt: receivedAt, paidBy: clerk.id } : l,
        ),
      );
    }
  }

  // Numbers in time order, as they would have been issued.
  const documents = [
    ...batches.map((b) => ({ kind: 'BL' as const, row: b })),
    ...issued.map((r) => ({ kind: 'RC' as const, row: r })),
  ].sort((a, b) => a.row.createdAt!.getTime() - b.row.createdAt!.getTime());
  for (const d of documents) d.row.documentNo = numbers.next(d.row.branchId, d.kind, d.row.createdAt!);

  await insertChunks(db, billings, batches);
  await insertChunks(db, receipts, issued);
  await insertChunks(db, billingRequests, lines, 1000);
  await insertChunks(db, receiptLines, paidLines, 1000);

  const cheques = issued.filter((r) => r.type === 'cheque' && !r.voidedAt);
  const fees = examFees(c, today, cheques, billingUser);
  await insertChunks(db, costSubmissions, fees);
  const petty = pettyCash(c, today, issued, billingUser);
  const saved = petty.length
    ? await db
        .insert(moneyAdjustments)
        .values(petty.map((p) => p.entry))
        .returning({ id: moneyAdjustments.id })
    : [];
  await insertChunks(
    db,
    moneyAdjustmentItems,
    petty.flatMap((p, i) => p.items.map((item, n) => ({ adjustmentId: saved[i]!.id, lineNo: n + 1, ...item }))),
  );
  await insertChunks(db, documentNumbers, numbers.rows());

  return {
    billings: batches.length,
    billingLines: lines.length,
    receipts: issued.length,
    voidedReceipts: voided,
    pettyCashEntries: petty.length,
    examFees: fees.length,
  };
}

/** Requests billing would offer, by branch and hospital: live, not on Hold, appointment before today, with a price. */
function groupBillable(rows: DemoRows, today: Date): Map<string, Billable[]> {
  const totals = new Map<string, number>();
  for (const p of rows.requestProducts)
    totals.set(p.requestId, (totals.get(p.requestId) ?? 0) + p.unitPriceSatang * (p.quantity ?? 1));
  const groups = new Map<string, Billable[]>();
  for (const r of rows.requests) {
    const total = totals.get(r.id!) ?? 0;
    if (!r.hospitalId || r.deletedAt || r.status === 'Hold' || total <= 0 || r.appointmentAt >= today) continue;
    const key = `${r.branchId}|${r.hospitalId}`;
    const list = groups.get(key) ?? [];
    list.push({
      id: r.id!,
      branchId: r.branchId,
      hospitalId: r.hospitalId,
      appointmentAt: r.appointmentAt,
      totalSatang: total,
    });
    groups.set(key, list);
  }
  for (const list of groups.values()) list.sort((a, b) => a.appointmentAt.getTime() - b.appointmentAt.getTime());
  return groups;
}

/** Cash exam fees on most of the last two weeks' days, and one fee against each cheque receipt, on its day. */
function examFees(
  c: { rng: Rng; org: OrgContext; now: Date },
  today: Date,
  cheques: (typeof receipts.$inferInsert)[],
  userOf: (branchId: number) => { id: string },
) {
  const methods = c.org.lookups.get('costPaymentMethod') ?? [];
  const method = (name: string) => methods.find((m) => m.name === name)?.id ?? null;
  const out: (typeof costSubmissions.$inferInsert)[] = [];
  for (const branch of c.org.branches) {
    for (let d = 14; d >= 0; d--) {
      if (c.rng.chance(0.25)) continue;
      const day = new Date(today.getTime() - d * DAY);
      for (let i = c.rng.int(1, 3); i > 0; i--) {
        const at = new Date(Math.min(day.getTime() + c.rng.int(9, 16) * HOUR, c.now.getTime()));
        const viaTransfer = c.rng.chance(0.3);
        out.push({
          branchId: branch.id,
          type: 'cash',
          methodId: method(viaTransfer ? 'โอนเงิน' : 'เงินสด'),
          amountSatang: c.rng.int(3, 60) * 5_000,
          referenceCode: viaTransfer ? `TRF${c.rng.digits(8)}` : `CS-${c.rng.digits(6)}`,
          remark: c.rng.chance(0.3) ? 'ค่าตรวจผู้ป่วยชำระเอง' : null,
          day: bangkokDayOf(day),
          createdBy: userOf(branch.id).id,
          createdAt: at,
        });
      }
    }
  }
  for (const r of cheques) {
    out.push({
      branchId: r.branchId,
      type: 'cheque',
      methodId: method('เช็ค'),
      amountSatang: r.amountSatang,
      referenceCode: r.number,
      receiptId: r.id,
      receiptDocumentNo: r.documentNo,
      remark: `เช็ค ${r.bankName}`,
      day: bangkokDayOf(r.createdAt!),
      createdBy: r.createdBy,
      createdAt: new Date(r.createdAt!.getTime() + 20 * MINUTE),
    });
  }
  return out;
}

/**
 * Petty cash for the last two weeks, working days: each day's yesterday is the day before's balance, today is the
 * day's live transfer receipts, expenses never take the balance below zero. One day has a corrected second revision.
 */
function pettyCash(
  c: { rng: Rng; org: OrgContext; now: Date },
  today: Date,
  issued: (typeof receipts.$inferInsert)[],
  userOf: (branchId: number) => { id: string },
) {
  const out: { entry: typeof moneyAdjustments.$inferInsert; items: { name: string; amountSatang: number }[] }[] = [];
  for (const branch of c.org.branches) {
    let balance = 0;
    for (let d = 14; d >= 1; d--) {
      const day = new Date(today.getTime() - d * DAY);
      const key = bangkokDayOf(day);
      const transfers = issued
        .filter(
          (r) => r.branchId === branch.id && r.type === 'transfer' && !r.voidedAt && bangkokDayOf(r.createdAt!) === key,
        )
        .reduce((n, r) => n + r.amountSatang, 0);
      const available = balance + transfers;
      if (available < 100_000 || new Date(day.getTime() + 7 * HOUR).getUTCDay() === 0) continue;
      const items = c.rng
        .sample(EXPENSES, c.rng.int(1, 3))
        .map(([name, min, max]) => ({ name, amountSatang: c.rng.int(min, max) * 100 }));
      while (items.length > 1 && items.reduce((n, i) => n + i.amountSatang, 0) > available) items.pop();
      if (items[0]!.amountSatang > available) items[0]!.amountSatang = Math.floor(available / 2);
      const revisions = d === 3 ? 2 : 1;
      for (let rev = 1; rev <= revisions; rev++) {
        // The correction adds a forgotten line; the first save stays as the day's history.
        const lines = rev === 2 ? [...items, { name: 'ค่าถ่ายเอกสาร (เพิ่มเติม)', amountSatang: 6_000 }] : items;
        const expenses = lines.reduce((n, i) => n + i.amountSatang, 0);
        out.push({
          entry: {
            branchId: branch.id,
            day: key,
            revision: rev,
            yesterdaySatang: balance,
            todaySatang: transfers,
            expensesSatang: expenses,
            balanceSatang: available - expenses,
            remark: rev === 2 ? 'แก้ไข: เพิ่มค่าถ่ายเอกสารที่ลืมบันทึก' : null,
            createdBy: userOf(branch.id).id,
            createdAt: new Date(day.getTime() + (17 + rev) * HOUR),
          },
          items: lines,
        });
      }
      balance = Number(out.at(-1)!.entry.balanceSatang);
    }
  }
  return out;
}

/** Document numbers handed out in time order per branch, kind and Buddhist-era year, and the counters they leave. */
class DocumentCounter {
  private readonly last = new Map<string, { branchId: number; kind: DocumentKind; beYear: number; lastNo: number }>();
  constructor(private readonly org: OrgContext) {}

  next(branchId: number, kind: DocumentKind, at: Date): string {
    const beYear = buddhistYearOf(at);
    const key = `${branchId}|${kind}|${beYear}`;
    const row = this.last.get(key) ?? { branchId, kind, beYear, lastNo: 0 };
    row.lastNo++;
    this.last.set(key, row);
    return formatDocumentNo(kind, beYear, this.org.branchById.get(branchId)!.code, row.lastNo);
  }

  rows() {
    return [...this.last.values()];
  }
}
