import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billings, hospitals, receipts } from '../../db/schema/index';
import { addDays, bangkokDayStart } from '../../reports/format';
import type { LiveReceipt, ReceiptsPort } from './receipts.port';

/**
 * TEMPORARY: ReceiptsPort read straight from the receipts table as it stands before the billing module exists. When
 * billing lands, accounting.module.ts wires billing's service in its place and this file goes. Until then a receipt's
 * branch is its batch's hospital's branch, and every receipt is live (the table has no voided column yet).
 */
export class ReceiptsTableAdapter implements ReceiptsPort {
  constructor(private readonly db: Database) {}

  private async one(branchId: number, match: SQL): Promise<LiveReceipt | null> {
    const [row] = await this.db.select({
      receiptId: receipts.id, receiptDocumentId: receipts.documentNo, type: receipts.type, bankName: receipts.bankName,
      amountSatang: receipts.amountSatang, number: receipts.number,
    }).from(receipts)
      .innerJoin(billings, eq(billings.id, receipts.billingId))
      .innerJoin(hospitals, eq(hospitals.id, billings.hospitalId))
      .where(and(match, eq(hospitals.branchId, branchId))).limit(1);
    if (!row || (row.type !== 'transfer' && row.type !== 'cheque')) return null;
    return { ...row, type: row.type };
  }

  liveReceiptByDocumentNo(branchId: number, documentNo: string): Promise<LiveReceipt | null> {
    return this.one(branchId, eq(receipts.documentNo, documentNo));
  }

  liveReceiptById(branchId: number, receiptId: string): Promise<LiveReceipt | null> {
    return this.one(branchId, eq(receipts.id, receiptId));
  }

  async transferReceiptsTotal(branchId: number, bangkokDay: string): Promise<number> {
    const [row] = await this.db.select({ total: sql<string | null>`sum(${receipts.amountSatang})` }).from(receipts)
      .innerJoin(billings, eq(billings.id, receipts.billingId))
      .innerJoin(hospitals, eq(hospitals.id, billings.hospitalId))
      .where(and(
        eq(hospitals.branchId, branchId), eq(receipts.type, 'transfer'),
        gte(receipts.createdAt, bangkokDayStart(bangkokDay)), lt(receipts.createdAt, bangkokDayStart(addDays(bangkokDay, 1))),
      ));
    return Number(row?.total ?? 0);
  }
}
