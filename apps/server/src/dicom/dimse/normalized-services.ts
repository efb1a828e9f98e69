import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { hexStatus, TS, errorComment } from '../uids';
import {
  dimse,
  type DimseAssociation,
  type DimseNActionRequest as NActionRequest,
  type DimseNActionResponse as NActionResponse,
  type DimseNCreateRequest as NCreateRequest,
  type DimseNCreateResponse as NCreateResponse,
  type DimseNEventReportRequest as NEventReportRequest,
  type DimseNSetRequest as NSetRequest,
  type DimseNSetResponse as NSetResponse,
} from './lib';
import { MPPS_SOP_CLASS, type MppsAnswer, type MppsSource } from './mpps/mpps';
import { NStatus, isUid } from './normalized-status';
import type { StoreDestination } from './scu/store-scu';
import { sendReportOnNewAssociation } from './stgcmt/commitment-report-scu';
import {
  commitmentReport,
  parseCommitmentRequest,
  REQUEST_STORAGE_COMMITMENT,
  STORAGE_COMMITMENT_SOP_CLASS,
  STORAGE_COMMITMENT_SOP_INSTANCE,
  type StorageCommitmentSource,
} from './stgcmt/storage-commitment';

const PcResult = dimse.constants.PresentationContextResult;

/** What the normalized services need of their association. */
export interface NormalizedChannel {
  association(): DimseAssociation;
  callingAe(): string;
  log: Logger;
  /** Sends a request of ours (the N-EVENT-REPORT) on this association. */
  send(request: NEventReportRequest): void;
}

export interface NormalizedSources {
  storageCommitment: StorageCommitmentSource | null;
  mpps: MppsSource | null;
  /** Where a modality takes a commitment result on a new association (the C-MOVE destination table). */
  destinations: ReadonlyMap<string, StoreDestination>;
  aeTitle: string;
  /** Each step of a report on a new association. Default 10 s. */
  reportTimeoutMs?: number;
}

/**
 * The DIMSE-N services of one association: Storage Commitment (N-ACTION in, N-EVENT-REPORT out: on this association
 * while it is open, else on a new one to the modality's listed address) and MPPS (N-CREATE, N-SET). Every failure is
 * answered with a status; none reaches the listener.
 */
export class NormalizedServices {
  private pending = 0;
  private open = true;
  /** Reports sent on this association still waiting for their N-EVENT-REPORT-RSP: settled with null if it ends. */
  private readonly awaiting = new Set<(status: number | null) => void>();

  constructor(
    private readonly channel: NormalizedChannel,
    private readonly sources: NormalizedSources,
  ) {}

  /** A request is being answered or a commitment result is on its way. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** The peer asked to release, or the connection closed: later results go on a new association. */
  closed(): void {
    this.open = false;
    for (const settle of this.awaiting) settle(null);
    this.awaiting.clear();
  }

  /** The request's context, if it is one we accepted for `sop` and the request is for that class. */
  private accepted(request: NActionRequest | NCreateRequest | NSetRequest, sop: string) {
    const context = this.channel.association().getAcceptedPresentationContextFromRequest(request);
    const asked = request.getAffectedSopClassUid() || request.getRequestedSopClassUid();
    return context?.getResult() === PcResult.Accept && context.getAbstractSyntaxUid() === sop && asked === sop
      ? context
      : undefined;
  }

  // ---- Storage Commitment ---------------------------------------------------------------------------------------

  action(request: NActionRequest, callback: (response: NActionResponse) => void): void {
    const answer = (status: number, comment?: string) => {
      const r = dimse.responses.NActionResponse.fromRequest(request);
      r.setStatus(status);
      if (comment) r.setErrorComment(errorComment(comment));
      callback(r);
    };
    const callingAe = this.channel.callingAe();
    const context = this.accepted(request, STORAGE_COMMITMENT_SOP_CLASS);
    if (!context || !this.sources.storageCommitment) return answer(NStatus.SopClassNotSupported);
    if (request.getRequestedSopInstanceUid() !== STORAGE_COMMITMENT_SOP_INSTANCE)
      return answer(NStatus.NoSuchSopInstance, 'not the Storage Commitment well-known instance');
    if (request.getActionTypeId() !== REQUEST_STORAGE_COMMITMENT) return answer(NStatus.NoSuchActionType);
    const parsed = parseCommitmentRequest(request.getDataset()?.getElements() ?? {});
    if (!parsed.ok) {
      this.channel.log.warn({ callingAe, reason: parsed.comment }, 'storage commitment request refused');
      return answer(NStatus.InvalidArgumentValue, parsed.comment);
    }
    // J.3.2.1.3: success says only that the request was received; the result follows as an N-EVENT-REPORT.
    answer(NStatus.Success);
    const ts = context.getAcceptedTransferSyntaxUid() ?? TS.implicitLE;
    const source = this.sources.storageCommitment;
    this.pending++;
    void (async () => {
      const started = Date.now();
      try {
        const result = await source.check(parsed.request);
        const report = commitmentReport(result);
        const status = await this.deliver(report, ts, callingAe);
        if (!status) {
          this.channel.log.warn(
            { callingAe },
            'storage commitment result not delivered: association released and the AE has no address (DICOM_MOVE_DESTINATIONS)',
          );
          return;
        }
        this.channel.log.info(
          {
            callingAe,
            committed: result.committed.length,
            failed: result.failed.length,
            via: status.via,
            reportStatus: hexStatus(status.status),
            ms: Date.now() - started,
          },
          'storage commitment reported',
        );
      } catch (err) {
        // The modality hears nothing and asks again when its transaction times out (its conformance statement).
        this.channel.log.error({ err, callingAe }, 'storage commitment result not delivered');
      } finally {
        this.pending--;
      }
    })();
  }

  private async deliver(
    report: { eventTypeId: number; elements: Record<string, unknown> },
    ts: string,
    callingAe: string,
  ): Promise<{ via: 'same' | 'new'; status: number } | null> {
    if (this.open) {
      const status = await this.reportHere(report, ts);
      if (status !== null) return { via: 'same', status };
    }
    const destination = this.sources.destinations.get(callingAe);
    if (!destination) return null;
    const status = await sendReportOnNewAssociation({
      destination,
      callingAe: this.sources.aeTitle,
      eventTypeId: report.eventTypeId,
      elements: report.elements,
      timeoutMs: this.sources.reportTimeoutMs ?? 10_000,
    });
    return { via: 'new', status };
  }

  /** Sends the report on this association; null when it ended before the modality answered. */
  private reportHere(report: { eventTypeId: number; elements: Record<string, unknown> }, ts: string) {
    return new Promise<number | null>((resolve) => {
      const settle = (status: number | null) => {
        this.awaiting.delete(settle);
        resolve(status);
      };
      this.awaiting.add(settle);
      const request = new dimse.requests.NEventReportRequest(
        STORAGE_COMMITMENT_SOP_CLASS,
        STORAGE_COMMITMENT_SOP_INSTANCE,
        report.eventTypeId,
      );
      request.setDataset(new dimse.Dataset(report.elements, ts));
      request.on('response', (response: { getStatus(): number }) => settle(response.getStatus()));
      this.channel.send(request);
    });
  }

  // ---- MPPS ------------------------------------------------------------------------------------------------------

  create(request: NCreateRequest, callback: (response: NCreateResponse) => void): void {
    const uid = request.getAffectedSopInstanceUid() || `2.25.${BigInt(`0x${randomUUID().replaceAll('-', '')}`)}`;
    this.mppsCall(
      'N-CREATE',
      request,
      uid,
      callback,
      (rq) => dimse.responses.NCreateResponse.fromRequest(rq),
      (m, r) => m.create(r),
    );
  }

  set(request: NSetRequest, callback: (response: NSetResponse) => void): void {
    this.mppsCall(
      'N-SET',
      request,
      request.getRequestedSopInstanceUid(),
      callback,
      (rq) => dimse.responses.NSetResponse.fromRequest(rq),
      (m, r) => m.set(r),
    );
  }

  private mppsCall<Rq extends NCreateRequest | NSetRequest, Rs extends NCreateResponse | NSetResponse>(
    operation: 'N-CREATE' | 'N-SET',
    request: Rq,
    sopInstanceUid: string,
    callback: (response: Rs) => void,
    responseOf: (request: Rq) => Rs,
    call: (
      mpps: MppsSource,
      r: { sopInstanceUid: string; callingAe: string; elements: Record<string, unknown> },
    ) => Promise<MppsAnswer>,
  ): void {
    const callingAe = this.channel.callingAe();
    const reply = (a: MppsAnswer) => {
      const r = responseOf(request);
      r.setAffectedSopClassUid(MPPS_SOP_CLASS);
      r.setAffectedSopInstanceUid(sopInstanceUid);
      r.setStatus(a.status);
      if (a.comment) r.setErrorComment(errorComment(a.comment));
      // ErrorID is US: dcmjs writes the number it is given; the published type says string for every element.
      if (a.errorId !== undefined) r.getCommandDataset().setElement('ErrorID', a.errorId as unknown as string);
      if (a.status !== NStatus.Success)
        this.channel.log.warn({ callingAe, operation, status: hexStatus(a.status), reason: a.comment }, 'MPPS refused');
      callback(r);
    };
    const mpps = this.sources.mpps;
    if (!this.accepted(request, MPPS_SOP_CLASS) || !mpps) return reply({ status: NStatus.SopClassNotSupported });
    if (!isUid(sopInstanceUid)) return reply({ status: NStatus.InvalidAttributeValue, comment: 'SOP Instance UID' });
    this.pending++;
    void call(mpps, { sopInstanceUid, callingAe, elements: request.getDataset()?.getElements() ?? {} })
      .catch((err: unknown) => {
        this.channel.log.error({ err, callingAe, operation }, 'MPPS failed');
        return { status: NStatus.ProcessingFailure, comment: 'not recorded, try again' };
      })
      .then((a) => {
        if (a.status === NStatus.Success) this.channel.log.info({ callingAe, operation, linked: a.linked }, 'MPPS');
        if (this.open) reply(a);
      })
      .finally(() => {
        this.pending--;
      });
  }
}
