import type net from 'node:net';
import type { Logger } from 'pino';
import { Status } from '../uids';
import type { AnswerCharacterSet } from './ae-character-sets';
import { rejectionOf } from './admission';
import type { AssociationListener } from './association-listener';
import { answerFind } from './find-dispatch';
import {
  dimse,
  type DimseAssociation,
  type DimseCEchoRequest,
  type DimseCEchoResponse,
  type DimseCFindRequest,
  type DimseCFindResponse,
  type DimseCCancelRequest,
  type DimseCGetRequest,
  type DimseCGetResponse,
  type DimseCMoveRequest,
  type DimseCMoveResponse,
  type DimseCStoreRequest,
  type DimseCStoreResponse,
  type DimseNActionRequest,
  type DimseNActionResponse,
  type DimseNCreateRequest,
  type DimseNCreateResponse,
  type DimseNSetRequest,
  type DimseNSetResponse,
} from './lib';
import { negotiate } from './negotiation';
import { NormalizedServices } from './normalized-services';
import { Retrieval } from './qr/retrieval';
import type { SocketProxy } from './socket-proxy';
import { StoreReceiver } from './store-receiver';

const { constants } = dimse;

/**
 * One connection: dcmjs-dimse's Scp with our handlers. It decides the association request (admission.ts,
 * negotiation.ts), answers C-ECHO, hands C-FIND to find-dispatch.ts and C-GET, C-MOVE, C-CANCEL to qr/retrieval.ts;
 * C-STORE never reaches the library: the demultiplexer gives it to `receiver` (store-receiver.ts).
 */
export class Association extends dimse.Scp {
  private readonly listener: AssociationListener;
  /** C-FIND, C-GET and C-MOVE requests being answered. */
  private handling = 0;
  private callingAe = '';
  /** Looked up once the calling AE is known: C-STORE and C-FIND never look per instance or element. */
  private assumedCharacterSet: string | undefined;
  private answerCharacterSet: AnswerCharacterSet = 'ISO_IR 192';
  private readonly remote: string;
  private readonly startedAt = Date.now();
  private ended = false;
  private stopped = false;
  /** The A-ASSOCIATE-AC was sent: this connection holds an association slot. */
  associated = false;
  private requestSeen = false;
  readonly remoteAddress: string;
  private readonly requestTimer: NodeJS.Timeout;
  private readonly sock: net.Socket;
  private readonly retrieval: Retrieval;
  /** Storage Commitment and MPPS (normalized-services.ts). */
  private readonly normalized: NormalizedServices;
  /** The C-STORE path: the demultiplexer hands it each C-STORE's command and data fragments. */
  readonly receiver: StoreReceiver;
  /** Set by dcmjs-dimse when the A-ASSOCIATE-RQ arrives (not in its published types). */
  declare association: DimseAssociation;

  constructor(socket: net.Socket, proxy: SocketProxy, listener: AssociationListener) {
    super(proxy as unknown as net.Socket, {
      // dcmjs-dimse only arms its association/PDU timers for client sockets; idle time is enforced by the socket timeout.
      connectTimeout: listener.config.idleTimeoutMs,
      associationTimeout: listener.config.associationRequestTimeoutMs,
      pduTimeout: listener.config.idleTimeoutMs,
      logCommandDatasets: false,
      logDatasets: false,
    });
    this.listener = listener;
    this.sock = socket;
    this.retrieval = new Retrieval(
      {
        sock: socket,
        association: () => this.association,
        callingAe: () => this.callingAe,
        log: listener.log,
        abortAndClose: () => this.abortAndClose(),
      },
      {
        retrieve: listener.retrieve,
        moveDestinations: listener.moveDestinations,
        aeTitle: listener.config.aeTitle,
        ...(listener.moveConnectTimeoutMs ? { moveConnectTimeoutMs: listener.moveConnectTimeoutMs } : {}),
      },
    );
    this.normalized = new NormalizedServices(
      {
        association: () => this.association,
        callingAe: () => this.callingAe,
        log: listener.log,
        send: (request) => this.sendRequests(request),
      },
      {
        storageCommitment: listener.storageCommitment,
        mpps: listener.mpps,
        destinations: listener.moveDestinations,
        aeTitle: listener.config.aeTitle,
      },
    );
    this.remoteAddress = socket.remoteAddress ?? '?';
    this.remote = `${this.remoteAddress}:${socket.remotePort ?? '?'}`;
    this.receiver = new StoreReceiver(
      {
        sock: socket,
        log: listener.log,
        remote: this.remote,
        association: () => this.association,
        callingAe: () => this.callingAe,
        assumedCharacterSet: () => this.assumedCharacterSet,
        stopped: () => this.stopped,
        drop: (fields, message) => this.drop(fields, message),
      },
      {
        archive: listener.archive,
        maxInstanceBytes: listener.config.maxInstanceBytes,
        writeHighWaterMark: listener.config.writeHighWaterMark,
        newTempPath: () => listener.newTempPath(),
        record: (kind) => listener.record(kind),
        recordBuffered: (bytes) => listener.recordBuffered(bytes),
      },
    );
    this.requestTimer = setTimeout(() => {
      this.log().warn({ remote: this.remote }, 'DICOM connection sent no association request in time');
      this.destroy();
    }, listener.config.associationRequestTimeoutMs);
    this.requestTimer.unref();
    this.on('networkError', (err: Error) => {
      this.log().debug({ remote: this.remote, callingAe: this.callingAe, err: err.message }, 'DICOM network error');
      this.destroy();
    });
    socket.once('close', () => this.finish());
  }

  private log(): Logger {
    return this.listener.log;
  }

  /** Connected, no A-ASSOCIATE-RQ yet, not closing. */
  get waiting(): boolean {
    return !this.associated && !this.requestSeen && !this.ended && !this.sock.destroyed;
  }

  /** A C-STORE data set or a response is in progress. */
  get busy(): boolean {
    return this.handling > 0 || this.receiver.busy || this.normalized.busy;
  }

  destroy(): void {
    this.receiver.abort();
    this.sock.destroy();
  }

  /** The raw bytes broke the protocol or a limit: abort the association and drop the connection. */
  violation(reason: string): void {
    this.drop({ reason }, 'DICOM connection dropped');
  }

  private drop(fields: Record<string, unknown>, message: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.log().warn({ remote: this.remote, callingAe: this.callingAe, ...fields }, message);
    this.abortAndClose();
  }

  private abortAndClose(): void {
    this.receiver.abort();
    this.sock.pause();
    if (this.association) {
      try {
        this.sendAbort(constants.AbortSource.ServiceProvider, constants.AbortReason.NotSpecified);
      } catch {
        /* socket gone */
      }
    }
    this.sock.end();
    setTimeout(() => this.sock.destroy(), 1000).unref();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.requestTimer);
    this.receiver.abort();
    this.retrieval.end();
    this.normalized.closed();
    if (this.callingAe) {
      this.log().info(
        {
          remote: this.remote,
          callingAe: this.callingAe,
          stored: this.receiver.counts.stored,
          failed: this.receiver.counts.failed,
          ms: Date.now() - this.startedAt,
        },
        'DICOM association ended',
      );
    }
  }

  // ---- association ---------------------------------------------------------------------------------------------

  override associationRequested(association: DimseAssociation): void {
    clearTimeout(this.requestTimer);
    this.requestSeen = true;
    const cfg = this.listener.config;
    const called = (association.getCalledAeTitle() ?? '').trim();
    const calling = (association.getCallingAeTitle() ?? '').trim();
    this.callingAe = calling;
    this.assumedCharacterSet = cfg.characterSets.assumed.get(calling);
    this.answerCharacterSet = cfg.characterSets.answers.get(calling) ?? 'ISO_IR 192';
    const rejection = rejectionOf(
      called,
      calling,
      {
        draining: this.listener.isDraining,
        active: () => this.listener.activeAssociations(),
        activeFromAddress: () => this.listener.activeAssociations(this.remoteAddress),
      },
      cfg,
    );
    if (rejection) {
      this.log().warn(
        { remote: this.remote, callingAe: calling, calledAe: called, why: rejection.why },
        'DICOM association rejected',
      );
      this.sendAssociationReject(rejection.result, rejection.source, rejection.reason);
      this.sock.end();
      setTimeout(() => this.sock.destroy(), 1000).unref();
      return;
    }
    const { accepted, rejected } = negotiate(association, {
      worklist: this.listener.worklist !== null && (this.listener.worklist.offeredTo?.(calling) ?? true),
      query: this.listener.query !== null && cfg.queryAes.has(calling),
      retrieve: this.listener.retrieve !== null && cfg.queryAes.has(calling),
      move: this.listener.retrieve !== null && this.listener.moveDestinations.size > 0 && cfg.queryAes.has(calling),
      storageCommitment: this.listener.storageCommitment !== null,
      mpps: this.listener.mpps !== null && this.listener.mpps.offeredTo(calling),
    });
    this.log().info({ remote: this.remote, callingAe: calling, accepted, rejected }, 'DICOM association accepted');
    this.associated = true;
    this.sendAssociationAccept();
  }

  /**
   * dcmjs-dimse announces min(peer's max PDU, ours) as our receive limit and keeps using the same value for sending.
   * Announce ours, then keep the peer's for what we send.
   */
  override sendAssociationAccept(): void {
    const peerMax = this.association.getMaxPduLength();
    this.association.setMaxPduLength(this.listener.config.maxPduLength);
    super.sendAssociationAccept();
    this.association.setMaxPduLength(peerMax);
  }

  override associationReleaseRequested(): void {
    this.normalized.closed();
    this.sendAssociationReleaseResponse();
  }

  override abort(): void {
    this.log().debug({ remote: this.remote, callingAe: this.callingAe }, 'DICOM association aborted by peer');
    this.destroy();
  }

  // ---- C-ECHO, C-STORE without a data set, C-FIND --------------------------------------------------------------

  override cEchoRequest(request: DimseCEchoRequest, callback: (response: DimseCEchoResponse) => void): void {
    const response = dimse.responses.CEchoResponse.fromRequest(request);
    response.setStatus(Status.Success);
    callback(response);
  }

  override cStoreRequest(request: DimseCStoreRequest, callback: (response: DimseCStoreResponse) => void): void {
    callback(this.receiver.refuseWithoutDataset(request));
  }

  override cFindRequest(request: DimseCFindRequest, callback: (responses: DimseCFindResponse[]) => void): void {
    this.handling++;
    void answerFind(request, {
      association: this.association,
      callingAe: this.callingAe,
      characterSet: this.answerCharacterSet,
      assumedCharacterSet: this.assumedCharacterSet,
      log: this.log(),
      worklist: this.listener.worklist,
      query: this.listener.query,
    })
      .then((responses) => {
        if (!this.sock.destroyed) callback(responses);
      })
      .finally(() => {
        this.handling--;
      });
  }

  // ---- C-GET, C-MOVE, C-CANCEL (Study Root, Patient Root): qr/retrieval.ts --------------------------------------

  override cGetRequest(request: DimseCGetRequest, callback: (responses: DimseCGetResponse[]) => void): void {
    this.handling++;
    void this.retrieval
      .get(request)
      .then((responses) => {
        if (!this.sock.destroyed) callback(responses);
      })
      .finally(() => {
        this.handling--;
      });
  }

  override cMoveRequest(request: DimseCMoveRequest, callback: (responses: DimseCMoveResponse[]) => void): void {
    this.handling++;
    void this.retrieval
      .move(request)
      .then((responses) => {
        if (!this.sock.destroyed) callback(responses);
      })
      .finally(() => {
        this.handling--;
      });
  }

  /** C-CANCEL of a running C-GET or C-MOVE. C-FIND answers go in one go: nothing to cancel. */
  override cCancelRequest(request: DimseCCancelRequest): void {
    this.retrieval.cancel(request.getMessageIdBeingRespondedTo());
  }

  // ---- Storage Commitment (N-ACTION), MPPS (N-CREATE, N-SET): normalized-services.ts ---------------------------

  override nActionRequest(request: DimseNActionRequest, callback: (response: DimseNActionResponse) => void): void {
    this.normalized.action(request, callback);
  }

  override nCreateRequest(request: DimseNCreateRequest, callback: (response: DimseNCreateResponse) => void): void {
    this.normalized.create(request, callback);
  }

  override nSetRequest(request: DimseNSetRequest, callback: (response: DimseNSetResponse) => void): void {
    this.normalized.set(request, callback);
  }

  /** The peer's answer to one of our C-STORE sub-operations (taken out of the stream by the demultiplexer). */
  storeResponse(r: { messageId: number; status: number }): void {
    this.retrieval.storeResponse(r);
  }
}
