import type net from 'node:net';
import type { Logger } from 'pino';
import {
  dimse,
  type DimseAssociation,
  type DimseCGetRequest,
  type DimseCGetResponse,
  type DimseCMoveRequest,
  type DimseCMoveResponse,
} from '../lib';
import { writeParts } from '../scu/socket-write';
import type { StoreDestination } from '../scu/store-scu';
import { pendingRetrieveResponsePdu } from '../store-response';
import { errorComment, hexStatus, Status } from '../../uids';
import { failedInstancesIdentifier } from './failed-instances';
import type { ArchiveRetrieveSource } from './archive-get';
import { performMove } from './archive-move';
import { sendSubOperations, type SubOperationChannel, type SubOperationCounts } from './get-suboperations';
import { rootOf } from './models';
import { scpRoleSopClasses } from '../negotiation';

const PcResult = dimse.constants.PresentationContextResult;
/** C-GET: sub-operations complete, one or more failures or warnings (PS3.4 C.4.3.1.4). */
const SUBOPERATIONS_WITH_FAILURES = 0xb000;

/** What the retrieval side needs of its association (the listener's Association). */
export interface RetrievalHost {
  readonly sock: net.Socket;
  /** Known once the association is accepted (set by dcmjs-dimse). */
  association(): DimseAssociation;
  callingAe(): string;
  readonly log: Logger;
  /** Drops the association (sub-operations cut halfway cannot be trusted). */
  abortAndClose(): void;
}

/** The archive side and settings of retrieval (from the listener's options). */
export interface RetrievalServices {
  retrieve: ArchiveRetrieveSource | null;
  moveDestinations: ReadonlyMap<string, StoreDestination>;
  /** Our AE title: the calling AE of a C-MOVE's association to its destination. */
  aeTitle: string;
  moveConnectTimeoutMs?: number;
}

/**
 * The C-GET, C-MOVE and C-CANCEL side of one association (Study Root and Patient Root): locates the images, sends
 * them as C-STORE sub-operations (on this association for C-GET, to the destination for C-MOVE), answers pendings
 * with the counts, and stops at a C-CANCEL or when the connection closes. Its answers never reject.
 */
export class Retrieval {
  /** C-STORE sub-operations of a C-GET waiting for the peer's answer, by our message ID. */
  private readonly subOperations = new Map<number, { resolve(status: number): void; reject(err: Error): void }>();
  private nextMessageId = 1;
  /** Running C-GETs and C-MOVEs by their message ID, for C-CANCEL. */
  private readonly cancellable = new Map<number, AbortController>();

  constructor(
    private readonly host: RetrievalHost,
    private readonly services: RetrievalServices,
  ) {}

  /** The responses to a C-GET: the final one (pendings are written as the images go). */
  async get(request: DimseCGetRequest): Promise<DimseCGetResponse[]> {
    const stop = this.cancellableFor(request.getMessageId());
    try {
      return await this.runGet(request, stop.signal);
    } catch (err) {
      this.host.log.error({ err, callingAe: this.host.callingAe() }, 'C-GET failed');
      // Sub-operations may have been cut halfway: the association cannot be trusted any more.
      this.host.abortAndClose();
      return [
        this.response(
          dimse.responses.CGetResponse.fromRequest(request),
          request,
          Status.OutOfResources,
          'retrieve failed, retry later',
        ),
      ];
    } finally {
      this.cancellable.delete(request.getMessageId());
    }
  }

  /** The responses to a C-MOVE: the final one (pendings are written as the images go). */
  async move(request: DimseCMoveRequest): Promise<DimseCMoveResponse[]> {
    const stop = this.cancellableFor(request.getMessageId());
    try {
      return await this.runMove(request, stop.signal);
    } catch (err) {
      this.host.log.error({ err, callingAe: this.host.callingAe() }, 'C-MOVE failed');
      return [
        this.response(
          dimse.responses.CMoveResponse.fromRequest(request),
          request,
          Status.OutOfResources,
          'retrieve failed, retry later',
        ),
      ];
    } finally {
      this.cancellable.delete(request.getMessageId());
    }
  }

  /** C-CANCEL of the running C-GET or C-MOVE with this message ID: no sub-operation starts after it. */
  cancel(messageId: number): void {
    const running = this.cancellable.get(messageId);
    if (!running) return;
    this.host.log.info({ callingAe: this.host.callingAe() }, 'C-CANCEL received');
    running.abort();
  }

  /** The peer's answer to one of our C-STORE sub-operations (taken out of the stream by the demultiplexer). */
  storeResponse(r: { messageId: number; status: number }): void {
    const waiting = this.subOperations.get(r.messageId);
    if (!waiting) return;
    this.subOperations.delete(r.messageId);
    waiting.resolve(r.status);
  }

  /** The connection closed: whatever waits fails, whatever runs stops. */
  end(): void {
    for (const waiting of this.subOperations.values()) waiting.reject(new Error('association ended during a C-GET'));
    this.subOperations.clear();
    for (const running of this.cancellable.values()) running.abort();
  }

  private cancellableFor(messageId: number): AbortController {
    const stop = new AbortController();
    this.cancellable.set(messageId, stop);
    return stop;
  }

  /** A C-GET or C-MOVE response: status, comment, and the sub-operation counts (PS3.7 9.3.3.2, 9.3.4.2). */
  private response<R extends DimseCGetResponse | DimseCMoveResponse>(
    r: R,
    request: DimseCGetRequest | DimseCMoveRequest,
    status: number,
    text?: string,
    counts?: SubOperationCounts,
    remaining = 0,
    failedSopInstanceUids: readonly string[] = [],
  ): R {
    r.setAffectedSopClassUid(request.getAffectedSopClassUid());
    r.setStatus(status);
    if (text) r.setErrorComment(errorComment(text));
    if (counts) {
      r.setRemaining(remaining);
      r.setCompleted(counts.completed);
      r.setFailures(counts.failed);
      r.setWarnings(counts.warning);
    }
    if (failedSopInstanceUids.length) {
      const context = this.host.association().getAcceptedPresentationContextFromRequest(request);
      const ts = context?.getAcceptedTransferSyntaxUid();
      if (ts) r.setDataset(failedInstancesIdentifier(failedSopInstanceUids, ts));
    }
    return r;
  }

  /** The request's model, if its context is one we accepted for that SOP class and service. */
  private modelOf(request: DimseCGetRequest | DimseCMoveRequest, service: 'get' | 'move') {
    const sopClass = request.getAffectedSopClassUid();
    const context = this.host.association().getAcceptedPresentationContextFromRequest(request);
    const model = rootOf(sopClass);
    if (
      !this.services.retrieve ||
      model?.service !== service ||
      context?.getResult() !== PcResult.Accept ||
      context.getAbstractSyntaxUid() !== sopClass
    )
      return null;
    return { retrieve: this.services.retrieve, root: model.root, pcId: context.getPresentationContextId() };
  }

  private async runGet(request: DimseCGetRequest, signal: AbortSignal): Promise<DimseCGetResponse[]> {
    const started = Date.now();
    const answer = (status: number, text?: string, counts?: SubOperationCounts, remaining = 0, failed?: string[]) => [
      this.response(
        dimse.responses.CGetResponse.fromRequest(request),
        request,
        status,
        text,
        counts,
        remaining,
        failed,
      ),
    ];
    const model = this.modelOf(request, 'get');
    if (!model) return answer(Status.SopClassNotSupported, 'retrieve model not offered on this association');
    const callingAe = this.host.callingAe();
    const located = await model.retrieve.locate(request.getDataset()?.getElements() ?? {}, {
      callingAe,
      root: model.root,
    });
    if (!located.ok) {
      this.host.log.warn({ callingAe, status: hexStatus(located.status), reason: located.comment }, 'C-GET refused');
      return answer(located.status, located.comment);
    }
    const { remaining, failedSopInstanceUids, ...counts } = await sendSubOperations(
      this.subOperationChannel(),
      located.instances,
      { signal, onProgress: this.pendingAnswers('get', request, model.pcId) },
    );
    this.host.log.info(
      { callingAe, ...counts, remaining, ms: Date.now() - started },
      remaining ? 'C-GET cancelled' : 'C-GET answered',
    );
    if (remaining) return answer(Status.Cancel, undefined, counts, remaining, failedSopInstanceUids);
    // PS3.4 C.4.3.1.4: B000 when any sub-operation failed or warned.
    const status = counts.failed + counts.warning === 0 ? Status.Success : SUBOPERATIONS_WITH_FAILURES;
    return answer(
      status,
      counts.failed
        ? `${counts.failed} of ${located.instances.length} images not sent (transfer syntax not accepted, or archived)`
        : undefined,
      counts,
      0,
      failedSopInstanceUids,
    );
  }

  private async runMove(request: DimseCMoveRequest, signal: AbortSignal): Promise<DimseCMoveResponse[]> {
    const started = Date.now();
    const answer = (status: number, text?: string, counts?: SubOperationCounts, remaining = 0, failed?: string[]) => [
      this.response(
        dimse.responses.CMoveResponse.fromRequest(request),
        request,
        status,
        text,
        counts,
        remaining,
        failed,
      ),
    ];
    const model = this.modelOf(request, 'move');
    if (!model) return answer(Status.SopClassNotSupported, 'retrieve model not offered on this association');
    const callingAe = this.host.callingAe();
    const destination = String(request.getCommandDataset().getElement('MoveDestination') ?? '');
    const outcome = await performMove(
      {
        identifier: request.getDataset()?.getElements() ?? {},
        moveDestination: destination,
        callingAe,
        messageId: request.getMessageId(),
        root: model.root,
      },
      {
        retrieve: model.retrieve,
        destinations: this.services.moveDestinations,
        aeTitle: this.services.aeTitle,
        signal,
        ...(this.services.moveConnectTimeoutMs ? { connectTimeoutMs: this.services.moveConnectTimeoutMs } : {}),
        onProgress: this.pendingAnswers('move', request, model.pcId),
      },
    );
    const log = {
      callingAe,
      destination: destination.trim(),
      status: hexStatus(outcome.status),
      matched: outcome.matched,
      ...outcome.counts,
      ms: Date.now() - started,
    };
    if (outcome.status === Status.Success || outcome.status === Status.Cancel)
      this.host.log.info(log, outcome.status === Status.Cancel ? 'C-MOVE cancelled' : 'C-MOVE answered');
    else this.host.log.warn({ ...log, reason: outcome.comment }, 'C-MOVE not fully done');
    return answer(outcome.status, outcome.comment, outcome.counts, outcome.remaining, outcome.failedSopInstanceUids);
  }

  /**
   * Pending answers with the counts (PS3.4 C.4.2.1.2, C.4.3.1.2), at most twice a second: the workstation can show
   * progress, and a C-MOVE requester's association stays busy while the images go elsewhere. dcmjs-dimse lets a
   * request be answered once, so these PDUs are written here.
   */
  private pendingAnswers(service: 'get' | 'move', request: DimseCGetRequest | DimseCMoveRequest, pcId: number) {
    let last = Date.now();
    return (counts: Readonly<SubOperationCounts>, remaining: number) => {
      if (Date.now() - last < 500 || this.host.sock.destroyed) return;
      last = Date.now();
      this.host.sock.write(
        pendingRetrieveResponsePdu(
          service,
          pcId,
          { sopClassUid: request.getAffectedSopClassUid(), messageId: request.getMessageId() },
          { ...counts, remaining },
        ),
      );
    };
  }

  /** Our C-STOREs of a C-GET go on this association, on contexts where the peer proposed the SCP role. */
  private subOperationChannel(): SubOperationChannel {
    const peerMax = this.host.association().getMaxPduLength();
    const scpRole = scpRoleSopClasses(this.host.association());
    return {
      contextFor: (sopClassUid, transferSyntaxUid) => {
        for (const { context } of this.host.association().getPresentationContexts()) {
          if (
            context.getResult() === PcResult.Accept &&
            context.getAbstractSyntaxUid() === sopClassUid &&
            context.getAcceptedTransferSyntaxUid() === transferSyntaxUid &&
            scpRole.has(sopClassUid)
          )
            return context.getPresentationContextId();
        }
        return null;
      },
      maxPdu: peerMax > 0 ? Math.min(peerMax, 1 << 20) : 1 << 20,
      write: (parts) => writeParts(this.host.sock, parts),
      response: (messageId) =>
        new Promise<number>((resolve, reject) => this.subOperations.set(messageId, { resolve, reject })),
      nextMessageId: () => {
        const id = this.nextMessageId;
        this.nextMessageId = (this.nextMessageId % 0xffff) + 1;
        return id;
      },
    };
  }
}
