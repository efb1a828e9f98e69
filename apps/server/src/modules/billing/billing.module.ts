import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import { billingStatementReport } from '../report-engine/definitions/billing-report';
import { receiptReport } from '../report-engine/definitions/receipt-report';
import { accountingInvoiceReport } from '../report-engine/definitions/request-documents';
import type { PatientBillingPort } from '../patients/patient-billing-port';
import type { RequestBillingPort } from '../requests/request-billing-port';
import { BillingRepository, type ReceiptRow } from './billing.repository';
import { billingRoutes } from './billing.routes';
import { BillingService, type BillableRequests } from './billing.service';
import { DocumentNumbers } from './document-numbers';

export interface BillingModuleDeps {
  db: Database;
  /** The requests service: billing searches and re-checks requests through it, and fills its list's billing fields. */
  requests: BillableRequests & { useBilling(port: RequestBillingPort): void };
  /** The patients service, whose exam history shows each request's billing. */
  patients: { useBilling(port: PatientBillingPort): void };
  audit: AuditService;
  now: () => Date;
  /** PROMPTPAY_BILLER_ID of the settings: statements and invoices print a payment QR code when set (decision acc41). */
  promptPayBillerId?: string;
}

/**
 * Billing, wired: repository → service → routes; the billing facts port of requests and patients; and the money
 * documents (statement, receipt, invoice) registered in the report engine (`app.reports`, registered before this).
 * `service` is what the accounting module reads (liveReceiptByDocumentNo, transferReceiptsTotal).
 */
export function billingModule(deps: BillingModuleDeps): {
  service: BillingService;
  numbers: DocumentNumbers;
  receipts: ReceiptReads;
  plugin: (app: FastifyInstance) => Promise<void>;
} {
  const numbers = new DocumentNumbers(deps.now);
  const service = new BillingService(new BillingRepository(deps.db), deps.requests, numbers, deps.audit, deps.now);
  deps.requests.useBilling(service);
  deps.patients.useBilling(service);
  const plugin = async (app: FastifyInstance): Promise<void> => {
    const payment = { promptPayBillerId: deps.promptPayBillerId };
    app.reports.register(billingStatementReport(service, payment));
    app.reports.register(receiptReport(service));
    app.reports.register(accountingInvoiceReport(deps.db, service, payment));
    await app.register(
      billingRoutes(service, async (user, billingId, receiptId) => {
        const out = await app.reports.render('receipt.rpt', { billingId, receiptId }, user);
        return { pdf: out.pdf, fileName: out.fileName };
      }),
    );
  };
  return { service, numbers, receipts: receiptReads(service), plugin };
}

/** A live receipt as the accounting module reads it (its ReceiptsPort): what an exam fee by cheque refers to. */
export interface LiveReceiptFacts {
  receiptId: string;
  receiptDocumentId: string;
  type: 'transfer' | 'cheque';
  bankName: string;
  amountSatang: number;
  number: string;
}

/** A receipt of a day as the cash-up lists it (voided ones apart). */
export interface DayReceiptFacts extends LiveReceiptFacts {
  hospitalName: string;
  billingDocumentId: string;
  createdAt: Date;
  voidedAt: Date | null;
  voidReason: string | null;
}

export interface ReceiptReads {
  liveReceiptByDocumentNo(branchId: number, documentNo: string): Promise<LiveReceiptFacts | null>;
  liveReceiptById(branchId: number, receiptId: string): Promise<LiveReceiptFacts | null>;
  transferReceiptsTotal(branchId: number, bangkokDay: string): Promise<number>;
  receiptsOfDay(branchId: number, bangkokDay: string): Promise<DayReceiptFacts[]>;
}

function receiptReads(service: BillingService): ReceiptReads {
  const facts = (row: ReceiptRow | null): LiveReceiptFacts | null => {
    if (!row || (row.type !== 'transfer' && row.type !== 'cheque')) return null;
    return {
      receiptId: row.id,
      receiptDocumentId: row.documentNo,
      type: row.type,
      bankName: row.bankName,
      amountSatang: row.amountSatang,
      number: row.number,
    };
  };
  return {
    liveReceiptByDocumentNo: async (branchId, documentNo) =>
      facts(await service.liveReceiptByDocumentNo(branchId, documentNo)),
    liveReceiptById: async (branchId, receiptId) => facts(await service.liveReceiptById(branchId, receiptId)),
    transferReceiptsTotal: (branchId, day) => service.transferReceiptsTotal(branchId, day),
    receiptsOfDay: async (branchId, day) =>
      (await service.receiptsOfDay(branchId, day)).flatMap((row) => {
        const f = facts(row);
        return f
          ? [
              {
                ...f,
                hospitalName: row.hospitalName,
                billingDocumentId: row.billingDocumentNo,
                createdAt: row.createdAt,
                voidedAt: row.voidedAt,
                voidReason: row.voidReason,
              },
            ]
          : [];
      }),
  };
}
