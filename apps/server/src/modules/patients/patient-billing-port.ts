/** What a patient's exam history shows of each request's billing (spec §3, §2 exam history links). */
export interface PatientRequestBilling {
  paidBillingId: string | null;
  latestBillingId: string | null;
  latestBillingDocumentId: string | null;
  /** The request's invoice number, once its invoice was printed. */
  invoiceNo: string | null;
}

/** Answered by the billing module, which wires itself in (patients never read the billing tables). */
export interface PatientBillingPort {
  billingFactsOf(requestIds: string[]): Promise<Map<string, PatientRequestBilling>>;
}

export const NO_PATIENT_BILLING: PatientBillingPort = { billingFactsOf: async () => new Map() };
