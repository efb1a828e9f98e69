/** A live (not voided) billing receipt as accounting needs it: the cheque exam fee takes its amount (decision acc24). */
export interface LiveReceipt {
  receiptId: string;
  receiptDocumentId: string;
  type: 'transfer' | 'cheque';
  bankName: string;
  amountSatang: number;
  number: string;
}

/** A receipt of a day, live or voided, as the cash-up lists it (decision acc44). */
export interface DayReceipt extends LiveReceipt {
  hospitalName: string;
  billingDocumentId: string;
  createdAt: Date;
  voidedAt: Date | null;
  voidReason: string | null;
}

/**
 * What accounting reads of the billing module's receipts. Billing owns the receipts table; accounting never queries
 * it itself (billing.module.ts gives its reads).
 */
export interface ReceiptsPort {
  /** A live receipt of the branch by its document number exactly as issued (e.g. RC2569-RS1-00001), else null. */
  liveReceiptByDocumentNo(branchId: number, documentNo: string): Promise<LiveReceipt | null>;
  /** A live receipt of the branch by its id, else null. */
  liveReceiptById(branchId: number, receiptId: string): Promise<LiveReceipt | null>;
  /** Sum in satang of the branch's live transfer receipts issued on a Bangkok day (yyyy-MM-dd). */
  transferReceiptsTotal(branchId: number, bangkokDay: string): Promise<number>;
  /** Every receipt of the branch issued on a Bangkok day, voided ones included, oldest first (the cash-up). */
  receiptsOfDay(branchId: number, bangkokDay: string): Promise<DayReceipt[]>;
}
