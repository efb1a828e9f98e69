import { buddhistYearOf } from '@rangsi/domain';
import type { BillingRepository } from './billing.repository';

/** Kinds of money documents: BL billing statement, RC receipt, IV invoice. */
export type DocumentKind = 'BL' | 'RC' | 'IV';

/** `{KIND}{BE year}-{branch code}-{seq:5}`, e.g. BL2569-RS1-00001 (decision acc17). */
export function formatDocumentNo(kind: DocumentKind, beYear: number, branchCode: string, seq: number): string {
  return `${kind}${beYear}-${branchCode}-${String(seq).padStart(5, '0')}`;
}

/**
 * Gap-free document numbers per branch, kind and Buddhist-era year. Call `issue` with the repository of the
 * transaction that writes the document: the counter row stays locked until it commits, and a rollback returns the
 * number, so the sequence never skips (ARCHITECTURE §4 "Money documents").
 */
export class DocumentNumbers {
  constructor(private readonly now: () => Date) {}

  async issue(tx: BillingRepository, branchId: number, kind: DocumentKind, at: Date = this.now()): Promise<string> {
    const beYear = buddhistYearOf(at);
    const [code, seq] = [await tx.branchCode(branchId), await tx.nextNumber(branchId, kind, beYear)];
    return formatDocumentNo(kind, beYear, code, seq);
  }
}
