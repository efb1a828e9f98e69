import { TS } from '../../uids';
import { dimse, type DimseAssociation } from '../lib';
import type { StoreDestination } from '../scu/store-scu';
import { STORAGE_COMMITMENT_SOP_CLASS, STORAGE_COMMITMENT_SOP_INSTANCE } from './storage-commitment';

export interface ReportScuOptions {
  destination: StoreDestination;
  /** Our AE title (the calling AE of the new association). */
  callingAe: string;
  eventTypeId: number;
  elements: Record<string, unknown>;
  /** Connecting, the association answer, and the N-EVENT-REPORT-RSP, each. */
  timeoutMs: number;
}

/** dcmjs-dimse's Client keeps its Network (and, once sent, the association) on a field its types do not show. */
interface ClientNetwork {
  sendAssociationRequest(association: DimseAssociation): void;
}

/**
 * Sends a Storage Commitment result on a new association to the modality (PS3.4 J.3.3.1.2: the SCP must be able to),
 * proposing the SCP role for the Storage Commitment context (J.3.3.1.3 note: the modality accepts an association on
 * which we are the SCP and it the SCU of the N-EVENT-REPORT). Resolves with the modality's N-EVENT-REPORT-RSP status;
 * rejects when there was no answer.
 */
export function sendReportOnNewAssociation(opts: ReportScuOptions): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const client = new dimse.Client();
    const request = new dimse.requests.NEventReportRequest(
      STORAGE_COMMITMENT_SOP_CLASS,
      STORAGE_COMMITMENT_SOP_INSTANCE,
      opts.eventTypeId,
    );
    const dataset = new dimse.Dataset(opts.elements, TS.implicitLE);
    request.setDataset(dataset);
    let status: number | null = null;
    request.on('response', (response: { getStatus(): number }) => {
      status = response.getStatus();
    });
    client.addRequest(request);
    client.on('associationAccepted', (association: DimseAssociation) => {
      // Encode in the syntax the modality took, so dcmjs-dimse has nothing to transcode.
      const context = association
        .getPresentationContexts()
        .map((c) => c.context)
        .find((c) => c.getAbstractSyntaxUid() === STORAGE_COMMITMENT_SOP_CLASS && c.getResult() === 0);
      const ts = context?.getAcceptedTransferSyntaxUid();
      if (ts) dataset.setTransferSyntaxUid(ts);
    });
    client.on('associationRejected', () => reject(new Error('the modality rejected the association')));
    client.on('networkError', (err: Error) => reject(err));
    client.on('closed', () => {
      if (status === null) reject(new Error('the modality closed the association without answering'));
      else resolve(status);
    });
    client.send(opts.destination.host, opts.destination.port, opts.callingAe, opts.destination.aeTitle, {
      connectTimeout: opts.timeoutMs,
      associationTimeout: opts.timeoutMs,
      pduTimeout: opts.timeoutMs,
      logCommandDatasets: false,
      logDatasets: false,
    });
    // The Client proposes contexts without roles; the request it builds is taken here, before the socket connects.
    const network = (client as unknown as { network?: ClientNetwork }).network;
    if (!network) return;
    const send = network.sendAssociationRequest.bind(network);
    network.sendAssociationRequest = (association) => {
      for (const { context } of association.getPresentationContexts()) {
        if (context.getAbstractSyntaxUid() !== STORAGE_COMMITMENT_SOP_CLASS) continue;
        context.setUserRole(false);
        context.setProviderRole(true);
      }
      send(association);
    };
  });
}
