import type { RequestListRow } from './requests.repository';

/** What the request list shows of a request's billing (spec §3 Request list row). */
export interface RequestBillingFacts {
  /** The batch the request is paid in. */
  paidBillingId: string | null;
  /** The newest batch listing the request, and its document number. */
  latestBillingId: string | null;
  latestBillingDocumentId: string | null;
  /** The request's invoice number (IV…), once its invoice was printed. */
  invoiceNo: string | null;
}

/**
 * The billing module answers this for the request list (it owns the billing tables; billing depends on requests for
 * its search, so requests reach billing only through this port, wired by the billing module).
 */
export interface RequestBillingPort {
  billingFactsOf(requestIds: string[]): Promise<Map<string, RequestBillingFacts>>;
}

/** Until the billing module is wired (and in tools that build requests alone): no request has billing. */
export const NO_REQUEST_BILLING: RequestBillingPort = { billingFactsOf: async () => new Map() };

export const EMPTY_BILLING_FACTS: RequestBillingFacts = {
  paidBillingId: null,
  latestBillingId: null,
  latestBillingDocumentId: null,
  invoiceNo: null,
};

/** What billing reads of a request: where it belongs, whether it is live, who it is for and what it costs. */
export interface BillableRequest extends Pick<
  RequestListRow,
  'id' | 'appointmentAt' | 'status' | 'patientId' | 'hn' | 'prefixTh' | 'firstNameTh' | 'middleNameTh' | 'lastNameTh'
> {
  branchId: number;
  hospitalId: number | null;
  privilegeId: number | null;
  deleted: boolean;
  /** Sum of unit price × quantity of its lines (the unit price holds an approved custom price). */
  totalSatang: number;
}
