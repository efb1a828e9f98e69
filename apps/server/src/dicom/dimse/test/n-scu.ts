import net from 'node:net';
import { TS } from '../../uids';
import {
  dimse,
  type DimseAssociation,
  type DimseNActionRequest,
  type DimseNCreateRequest,
  type DimseNEventReportRequest,
  type DimseNSetRequest,
} from '../lib';

type Request = DimseNActionRequest | DimseNCreateRequest | DimseNSetRequest;
type Response = { getStatus(): number; getErrorComment(): string; getAffectedSopInstanceUid(): string } & {
  getCommandDataset(): { getElement(tag: string): unknown };
};

/** What the modality saw of one association of dcmjs-dimse's Client (the standard SCU). */
export interface Exchange {
  /** The final response to each request, in order (undefined: none came). */
  responses: (Response | undefined)[];
  /** N-EVENT-REPORTs the listener sent on this association (answered with Success). */
  reports: DimseNEventReportRequest[];
  rejected: boolean;
}

/** A dcmjs-dimse Dataset in implicit VR little endian (the syntax the Client proposes first). */
export const datasetOf = (elements: Record<string, unknown>) => new dimse.Dataset(elements, TS.implicitLE);

/**
 * Sends the requests on one association from `callingAe` and releases it: at once after the last response, or, with
 * `reports`, once that many N-EVENT-REPORTs have come on it.
 */
export function exchange(
  port: number,
  requests: Request[],
  opts: { callingAe?: string; reports?: number } = {},
): Promise<Exchange> {
  return new Promise<Exchange>((resolve, reject) => {
    const client = new dimse.Client();
    const result: Exchange = { responses: requests.map(() => undefined), reports: [], rejected: false };
    const network = () => (client as unknown as { network?: { sendAssociationReleaseRequest(): void } }).network;
    let answered = 0;
    const releaseWhenDone = () => {
      if (answered === requests.length && result.reports.length >= (opts.reports ?? 0))
        network()?.sendAssociationReleaseRequest();
    };
    requests.forEach((r, i) => {
      r.on('response', (response: Response) => {
        result.responses[i] = response;
        answered++;
        releaseWhenDone();
      });
      client.addRequest(r);
    });
    client.on('nEventReportRequest', (request: DimseNEventReportRequest, callback: (r: unknown) => void) => {
      result.reports.push(request);
      const response = dimse.responses.NEventReportResponse.fromRequest(request);
      response.setStatus(0);
      callback(response);
      releaseWhenDone();
    });
    client.on('associationRejected', () => {
      result.rejected = true;
    });
    client.on('networkError', (err: Error) => reject(err));
    client.on('closed', () => resolve(result));
    // The Client releases by itself only after this long; the test releases as soon as it has what it waits for.
    client.send('127.0.0.1', port, opts.callingAe ?? 'MODALITY', 'RANGSI', {
      associationLingerTimeout: 60_000,
      logCommandDatasets: false,
      logDatasets: false,
    });
  });
}

/** A modality's own listener for results on a new association: accepts Storage Commitment, records what came. */
export interface ModalityListener {
  port: number;
  /** The N-EVENT-REPORTs received, each with whether the association proposed us the SCU role (the SCP role to it). */
  reports: { request: DimseNEventReportRequest; callingAe: string; scpRoleProposed: boolean }[];
  close(): Promise<void>;
}

export async function startModalityListener(aeTitle: string): Promise<ModalityListener> {
  const reports: ModalityListener['reports'] = [];
  class ModalityScp extends dimse.Scp {
    declare association: DimseAssociation;
    private roleProposed = false;
    override associationRequested(association: DimseAssociation): void {
      if (association.getCalledAeTitle() !== aeTitle) {
        this.sendAssociationReject();
        return;
      }
      for (const { context } of association.getPresentationContexts()) {
        if (context.getAbstractSyntaxUid() === '1.2.840.10008.1.20.1') {
          this.roleProposed = context.getProviderRole() === true && context.getUserRole() !== true;
          context.setResult(dimse.constants.PresentationContextResult.Accept, TS.implicitLE);
        } else context.setResult(dimse.constants.PresentationContextResult.RejectAbstractSyntaxNotSupported);
      }
      this.sendAssociationAccept();
    }
    override nEventReportRequest(request: DimseNEventReportRequest, callback: (r: never) => void): void {
      reports.push({
        request,
        callingAe: this.association.getCallingAeTitle(),
        scpRoleProposed: this.roleProposed,
      });
      const response = dimse.responses.NEventReportResponse.fromRequest(request);
      response.setStatus(0);
      callback(response as never);
    }
    override associationReleaseRequested(): void {
      this.sendAssociationReleaseResponse();
    }
  }
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    new ModalityScp(socket, { logCommandDatasets: false, logDatasets: false });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    reports,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
