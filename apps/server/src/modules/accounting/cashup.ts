import type { CashupData, CashupFee, CashupReceipt } from '../report-engine/definitions/cashup-report';
import type { CostRow, MoneyRow } from './accounting.repository';
import type { DayReceipt } from './receipts.port';

/** What the cash-up is made of, as read (receipts through billing's port, the rest from accounting's tables). */
export interface CashupParts {
  branchId: number;
  branchName: string;
  day: string;
  receipts: DayReceipt[];
  fees: CostRow[];
  feesByMethod: { type: string; methodName: string | null; count: number; totalSatang: number }[];
  /** The day's petty-cash revisions, newest first (the first is the day's figure: decision acc22). */
  money: MoneyRow[];
  /** The latest day before with petty cash, for "ยอดยกมา". */
  yesterdayDay: string | null;
}

const sum = (xs: { amountSatang: number }[]) => xs.reduce((n, x) => n + x.amountSatang, 0);
const feeType = (t: string): 'cash' | 'cheque' => (t === 'cheque' ? 'cheque' : 'cash');

/**
 * The cash-up's figures (decision acc44): live receipts by type, voided ones apart and not counted; fees by type and
 * payment method (totals from the grouped sums, so a truncated list still adds up); the latest petty-cash revision.
 */
export function buildCashup(p: CashupParts, feeLimit: number): CashupData {
  const live = p.receipts.filter((r) => r.voidedAt === null);
  const voided = p.receipts.filter((r) => r.voidedAt !== null);
  const receipt = (r: DayReceipt): CashupReceipt => ({ ...r });
  const transfers = live.filter((r) => r.type === 'transfer').map(receipt);
  const cheques = live.filter((r) => r.type === 'cheque').map(receipt);
  const feesByMethod = p.feesByMethod.map((m) => ({
    type: feeType(m.type),
    methodName: m.methodName ?? '—',
    count: m.count,
    totalSatang: m.totalSatang,
  }));
  const feeTotal = (type: 'cash' | 'cheque') =>
    feesByMethod.filter((m) => m.type === type).reduce((n, m) => n + m.totalSatang, 0);
  const fees: CashupFee[] = [...p.fees]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
    .map((f) => ({
      id: f.id,
      type: feeType(f.type),
      methodName: f.methodName ?? '—',
      amountSatang: f.amountSatang,
      referenceCode: f.referenceCode ?? '',
      receiptDocumentId: f.receiptDocumentNo,
      remark: f.remark ?? '',
      createdAt: f.createdAt,
    }));
  const latest = p.money[0];
  const totals = {
    transferSatang: sum(transfers),
    chequeSatang: sum(cheques),
    receiptsSatang: sum(live),
    voidedSatang: sum(voided),
    feeCashSatang: feeTotal('cash'),
    feeChequeSatang: feeTotal('cheque'),
    feesSatang: feeTotal('cash') + feeTotal('cheque'),
  };
  return {
    branchId: p.branchId,
    branchName: p.branchName,
    day: p.day,
    transfers,
    cheques,
    voided: voided.map(receipt),
    fees,
    feesByMethod,
    feesTruncated: feesByMethod.reduce((n, m) => n + m.count, 0) > Math.min(fees.length, feeLimit),
    pettyCash: latest
      ? {
          revision: latest.revision,
          revisions: p.money.length,
          yesterdayDay: p.yesterdayDay,
          yesterdaySatang: latest.yesterdaySatang,
          todaySatang: latest.todaySatang,
          items: latest.items,
          expensesSatang: latest.expensesSatang,
          balanceSatang: latest.balanceSatang,
          remark: latest.remark ?? '',
          createdBy: latest.createdByName ?? '',
          createdAt: latest.createdAt,
        }
      : null,
    totals,
  };
}
