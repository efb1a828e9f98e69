import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { DicomArchive, IngestResult } from '../archive';
import {
  dimse,
  routeDimseLogs,
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
  type DimseDataset,
  type DimsePresentationContext,
} from './lib';
import type { WorklistSource } from './mwl/worklist';
import type { ArchiveQuerySource } from './qr/archive-find';
import type { ArchiveRetrieveSource } from './qr/archive-get';
import { rootOf } from './qr/models';
import { Retrieval } from './qr/retrieval';
import type { StoreDestination } from './scu/store-scu';
import { buildPart10Header } from '../parse/part10';
import { PduDemux, type StoreCommand } from './pdu-demux';
import { storeResponsePdu } from './store-response';
import { StoreSink, type SinkOutcome } from './store-sink';
import {
  IMPLEMENTATION_CLASS_UID,
  IMPLEMENTATION_VERSION_NAME,
  isLenientUid,
  isStorageSopClass,
  MWL_FIND_SOP_CLASS,
  errorComment,
  hexStatus,
  QUERY_TRANSFER_SYNTAXES,
  Status,
  STORAGE_TRANSFER_SYNTAXES,
  TS,
  VERIFICATION_SOP_CLASS,
} from '../uids';

const { constants } = dimse;
const PcResult = constants.PresentationContextResult;

export interface DicomListenerOptions {
  /** Address to bind (dcmjs-dimse's Server.listen has no host: we run our own net.Server). */
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Our AE title: an association calling any other is rejected (called-AE-title-not-recognized). */
  aeTitle: string;
  /** Calling AE titles allowed to associate (others: A-ASSOCIATE-RJ calling-AE-not-recognized); 'any' (the default). */
  allowedCallingAeTitles?: readonly string[] | 'any';
  archive: DicomArchive;
  /** The Modality Worklist; without it the worklist SOP class is not offered. */
  worklist?: WorklistSource | null;
  /** The archive's Study Root C-FIND; offered only to the calling AE titles of queryAeTitles. */
  query?: ArchiveQuerySource | null;
  /** The archive's Study Root C-GET; offered only to the calling AE titles of queryAeTitles. */
  retrieve?: ArchiveRetrieveSource | null;
  /** Calling AE titles that may query and retrieve from the archive (workstations); empty = none. */
  queryAeTitles?: readonly string[];
  /** Where a C-MOVE may send images (with `retrieve`); empty = Study Root C-MOVE not offered. */
  moveDestinations?: readonly StoreDestination[];
  /** Connecting to a C-MOVE destination and its association answer, each (tests shorten it). Default 10 s. */
  moveConnectTimeoutMs?: number;
  /** Where instances are written while they arrive (same file system as the archive, so it can rename them). */
  tempDir: string;
  logger: Logger;
  /** Largest instance data set accepted (deflate: inflated size); beyond it the association is aborted. Default 1 GiB. */
  maxInstanceBytes?: number;
  /** Simultaneous accepted associations; more are rejected as transient (local-limit-exceeded). Default 32. */
  maxAssociations?: number;
  /**
   * Per remote address: accepted associations (more are rejected as local-limit-exceeded) and, separately,
   * connections still waiting for their A-ASSOCIATE-RQ (a new one closes that address's oldest). Default 8.
   */
  maxConnectionsPerAddress?: number;
  /** Connections waiting for their A-ASSOCIATE-RQ from all addresses; a new one closes the oldest. Default 64. */
  maxWaitingConnections?: number;
  /** A connection with no traffic for this long is closed. Default 60 s. */
  idleTimeoutMs?: number;
  /** A connection must send its A-ASSOCIATE-RQ within this time (a modality sends it at once). Default 5 s. */
  associationRequestTimeoutMs?: number;
  /** Max PDU length we announce. Default 256 KiB. */
  maxPduLength?: number;
  /** Bytes buffered towards a temp file before the peer's socket is paused. Default 2 MiB. */
  writeHighWaterMark?: number;
}

export interface ListenerStats {
  associations: number;
  active: number;
  stored: number;
  failed: number;
  /** Most data set bytes ever held in memory for one instance (waiting for the disk). */
  peakBufferedBytes: number;
}

interface Settings {
  aeTitle: string;
  /** null: any calling AE. */
  allowed: Set<string> | null;
  queryAes: Set<string>;
  maxInstanceBytes: number;
  maxAssociations: number;
  maxConnectionsPerAddress: number;
  maxWaitingConnections: number;
  idleTimeoutMs: number;
  associationRequestTimeoutMs: number;
  maxPduLength: number;
  writeHighWaterMark: number;
}

/** The query services offered on an association. */
export interface Offers {
  worklist: boolean;
  /** Study Root C-FIND (the calling AE is on the query list). */
  query: boolean;
  /** Study Root C-GET (the calling AE is on the query list). */
  retrieve: boolean;
  /** Study Root C-MOVE (the calling AE is on the query list, and there are destinations). */
  move: boolean;
}

/** Which transfer syntaxes we accept for an abstract syntax, or null when we do not offer it. */
export function acceptableSyntaxes(abstractSyntaxUid: string, offers: Offers): ReadonlySet<string> | null {
  if (abstractSyntaxUid === VERIFICATION_SOP_CLASS) return QUERY_TRANSFER_SYNTAXES;
  if (abstractSyntaxUid === MWL_FIND_SOP_CLASS) return offers.worklist ? QUERY_TRANSFER_SYNTAXES : null;
  const root = rootOf(abstractSyntaxUid);
  if (root?.service === 'find') return offers.query ? QUERY_TRANSFER_SYNTAXES : null;
  if (root?.service === 'get') return offers.retrieve ? QUERY_TRANSFER_SYNTAXES : null;
  if (root?.service === 'move') return offers.move ? QUERY_TRANSFER_SYNTAXES : null;
  if (isStorageSopClass(abstractSyntaxUid)) return STORAGE_TRANSFER_SYNTAXES;
  return null;
}

/**
 * Decides every proposed presentation context (dcmjs-dimse problem 3). The README's example loops over a context's
 * transfer syntaxes and calls setResult() inside the loop; setResult() empties and refills that very list, so an
 * unsupported first syntax rejects the context even when a later one is supported. Here the proposal is copied first,
 * the peer's preference order is honoured, and setResult() is called once per context.
 */
export function negotiate(association: DimseAssociation, offers: Offers): { accepted: number; rejected: number } {
  let accepted = 0;
  let rejected = 0;
  for (const { context } of association.getPresentationContexts()) {
    const proposed = [...context.getTransferSyntaxUids()];
    const ours = acceptableSyntaxes(context.getAbstractSyntaxUid(), offers);
    if (!ours) {
      context.setResult(PcResult.RejectAbstractSyntaxNotSupported);
      rejected++;
      continue;
    }
    const chosen = proposed.find((ts) => ours.has(ts));
    if (chosen) {
      context.setResult(PcResult.Accept, chosen);
      accepted++;
    } else {
      context.setResult(PcResult.RejectTransferSyntaxesNotSupported);
      rejected++;
    }
  }
  return { accepted, rejected };
}

/** Counts bytes of a data set we refuse up front (wrong context, bad command) and throws them away. */
class RefusedSink extends EventEmitter {
  private bytes = 0;
  readonly done: Promise<SinkOutcome>;
  constructor(
    outcome: SinkOutcome & { ok: false },
    private readonly max: number,
    private readonly onTooLarge: () => void,
  ) {
    super();
    this.done = Promise.resolve(outcome);
  }
  write(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    if (this.bytes > this.max) this.onTooLarge();
    return true;
  }
  end(): this {
    return this;
  }
  abort(): void {
    /* nothing on disk */
  }
}

type Sink = StoreSink | RefusedSink;

/** Maps the archive's answer to a C-STORE status: never Success for an instance the archive did not keep. */
export function statusOfIngest(r: IngestResult): { status: number; comment?: string } {
  switch (r.status) {
    case 'stored':
    case 'duplicate':
      return { status: Status.Success };
    case 'refused':
      switch (r.code) {
        // 'error' is the archive failing (its exceptions come back as this): refused for now, the sender retries.
        case 'too-large':
        case 'error':
          return { status: Status.OutOfResources, comment: r.reason };
        case 'missing-uid':
        case 'unsupported-sop-class':
          return { status: Status.DataSetMismatch, comment: r.reason };
        case 'not-dicom':
        case 'truncated':
          return { status: Status.CannotUnderstand, comment: r.reason };
      }
  }
  return { status: Status.CannotUnderstand, comment: 'unknown archive answer' };
}

/** ErrorComment is LO: 64 characters, no backslash or control characters. */
/**
 * The DICOM network listener: C-ECHO, C-STORE for every storage SOP class, Modality Worklist C-FIND, and Study Root
 * and Patient Root C-FIND, C-GET and C-MOVE for the AEs on the query list. It wraps dcmjs-dimse's Scp for PDU and
 * DIMSE handling and works around the problems listed in docs (docs/stack-notes.md): our own bound net.Server, our own
 * negotiation, data sets streamed to a temp file as received (never parsed, never re-written), deflate checked, logs
 * routed to pino at debug, partial files removed.
 */
export class DicomListener {
  private server: net.Server | null = null;
  private readonly connections = new Set<Association>();
  private readonly settings: Settings;
  private draining = false;
  private boundPort = 0;
  private unrouteLogs: (() => void) | null = null;
  private readonly counters = { associations: 0, stored: 0, failed: 0, peakBufferedBytes: 0 };
  /** C-MOVE destinations by AE title. */
  readonly moveDestinations: ReadonlyMap<string, StoreDestination>;

  constructor(private readonly opts: DicomListenerOptions) {
    this.moveDestinations = new Map((opts.moveDestinations ?? []).map((d) => [d.aeTitle, d]));
    this.settings = {
      aeTitle: opts.aeTitle.trim(),
      allowed:
        opts.allowedCallingAeTitles === undefined || opts.allowedCallingAeTitles === 'any'
          ? null
          : new Set(opts.allowedCallingAeTitles.map((a) => a.trim()).filter((a) => a !== '')),
      queryAes: new Set((opts.queryAeTitles ?? []).map((a) => a.trim()).filter((a) => a !== '')),
      maxInstanceBytes: opts.maxInstanceBytes ?? 1024 ** 3,
      maxAssociations: opts.maxAssociations ?? 32,
      maxConnectionsPerAddress: opts.maxConnectionsPerAddress ?? 8,
      maxWaitingConnections: opts.maxWaitingConnections ?? 64,
      idleTimeoutMs: opts.idleTimeoutMs ?? 60_000,
      associationRequestTimeoutMs: opts.associationRequestTimeoutMs ?? 5_000,
      maxPduLength: opts.maxPduLength ?? 256 * 1024,
      writeHighWaterMark: opts.writeHighWaterMark ?? 2 * 1024 * 1024,
    };
  }

  get port(): number {
    return this.boundPort;
  }
  get host(): string {
    return this.opts.host;
  }
  get log(): Logger {
    return this.opts.logger;
  }
  get archive(): DicomArchive {
    return this.opts.archive;
  }
  get worklist(): WorklistSource | null {
    return this.opts.worklist ?? null;
  }
  get query(): ArchiveQuerySource | null {
    return this.opts.query ?? null;
  }
  get retrieve(): ArchiveRetrieveSource | null {
    return this.opts.retrieve ?? null;
  }
  get moveConnectTimeoutMs(): number | undefined {
    return this.opts.moveConnectTimeoutMs;
  }
  get config(): Readonly<Settings> {
    return this.settings;
  }
  get isDraining(): boolean {
    return this.draining;
  }
  get tempDir(): string {
    return this.opts.tempDir;
  }

  /** Binds host:port (dcmjs-dimse problem 1: its Server.listen binds every interface). */
  async start(): Promise<void> {
    this.unrouteLogs = routeDimseLogs(this.opts.logger);
    dimse.Implementation.setImplementationClassUid(IMPLEMENTATION_CLASS_UID);
    dimse.Implementation.setImplementationVersion(IMPLEMENTATION_VERSION_NAME);
    dimse.Implementation.setMaxPduLength(this.settings.maxPduLength);
    await fsp.mkdir(this.opts.tempDir, { recursive: true });
    await this.removeStaleTempFiles();
    const server = net.createServer({ noDelay: true }, (socket) => this.accept(socket));
    // A backstop only: waiting connections are capped by eviction (accept), associations at the A-ASSOCIATE-RQ.
    server.maxConnections = this.settings.maxAssociations + this.settings.maxWaitingConnections + 64;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: this.opts.host, port: this.opts.port, exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (err) => this.log.error({ err }, 'DICOM listener error'));
    this.server = server;
    const addr = server.address();
    this.boundPort = typeof addr === 'object' && addr ? addr.port : this.opts.port;
    this.log.info(
      { host: this.opts.host, port: this.boundPort, aeTitle: this.settings.aeTitle },
      'DICOM listener ready',
    );
  }

  /**
   * Stops accepting, lets transfers in progress finish (up to graceMs), then closes every association; partial files
   * are removed by the associations as they close.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.server) return;
    this.draining = true;
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const deadline = Date.now() + graceMs;
    while ([...this.connections].some((c) => c.busy) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const c of this.connections) c.destroy();
    await closed;
    this.unrouteLogs?.();
    this.unrouteLogs = null;
    this.log.info({ stored: this.stats.stored, failed: this.stats.failed }, 'DICOM listener stopped');
  }

  /** Accepted associations (connections still waiting for their A-ASSOCIATE-RQ, or being rejected, do not count). */
  activeAssociations(remoteAddress?: string): number {
    let n = 0;
    for (const c of this.connections)
      if (c.associated && (remoteAddress === undefined || c.remoteAddress === remoteAddress)) n++;
    return n;
  }

  /**
   * Idle sockets must not lock out modalities (issue 23 item 4): a connection that has not yet sent its A-ASSOCIATE-RQ
   * takes no association slot, and when too many wait (from its address, or in all) the oldest waiting one is closed.
   * A modality sends its request at once after connecting, so it is never the oldest waiting for long.
   */
  private evictWaiting(remoteAddress: string): void {
    const waiting = [...this.connections].filter((c) => c.waiting);
    const fromAddress = waiting.filter((c) => c.remoteAddress === remoteAddress);
    const victim =
      fromAddress.length >= this.settings.maxConnectionsPerAddress
        ? fromAddress[0]
        : waiting.length >= this.settings.maxWaitingConnections
          ? waiting[0]
          : undefined;
    if (!victim) return;
    this.log.warn(
      { remote: victim.remoteAddress, perAddress: fromAddress.length, waiting: waiting.length },
      'DICOM connection without association request closed to make room',
    );
    victim.destroy();
  }

  /** Temp files left by a crash (a kill during a transfer): never acknowledged, so safe to drop. */
  private async removeStaleTempFiles(): Promise<void> {
    const names = await fsp.readdir(this.opts.tempDir).catch(() => [] as string[]);
    await Promise.all(
      names.filter((n) => n.endsWith('.part')).map((n) => fsp.rm(path.join(this.opts.tempDir, n), { force: true })),
    );
  }

  newTempPath(): string {
    return path.join(this.opts.tempDir, `${randomUUID()}.dcm.part`);
  }

  private accept(socket: net.Socket): void {
    if (this.draining) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    this.evictWaiting(socket.remoteAddress ?? '?');
    const proxy = new SocketProxy(socket);
    const holder: { assoc?: Association } = {};
    const demux = new PduDemux(
      {
        maxPduBytes: Math.max(4 * 1024 * 1024, this.settings.maxPduLength + 1024),
        maxAssociateBytes: 1024 * 1024,
        maxCommandBytes: 64 * 1024,
        maxOtherDatasetBytes: 1024 * 1024,
      },
      {
        forward: (bytes) => proxy.emit('data', bytes),
        storeBegin: (cmd) => holder.assoc?.storeBegin(cmd),
        storeData: (bytes) => holder.assoc?.storeData(bytes),
        storeEnd: (cmd) => holder.assoc?.storeEnd(cmd),
        violation: (reason) => holder.assoc?.violation(reason),
        storeResponse: (r) => holder.assoc?.storeResponse(r),
      },
    );
    socket.on('data', (chunk: Buffer) => demux.push(chunk));
    const assoc = new Association(socket, proxy, this);
    holder.assoc = assoc;
    this.connections.add(assoc);
    this.counters.associations++;
    socket.once('close', () => {
      this.connections.delete(assoc);
    });
  }

  /** Called by an association when it ends, for the counters. */
  record(kind: 'stored' | 'failed'): void {
    this.counters[kind]++;
  }

  recordBuffered(bytes: number): void {
    if (bytes > this.counters.peakBufferedBytes) this.counters.peakBufferedBytes = bytes;
  }

  get stats(): ListenerStats {
    return { ...this.counters, active: this.connections.size };
  }
}

/**
 * What dcmjs-dimse gets instead of the socket: it reads 'data' (the demultiplexer's output, storage data removed),
 * writes its PDUs straight to the socket, and hears the socket's 'error', 'timeout' and 'close'.
 */
class SocketProxy extends EventEmitter {
  constructor(private readonly real: net.Socket) {
    super();
    real.on('error', (err) => this.emit('error', err));
    real.on('timeout', () => this.emit('timeout'));
    real.on('close', () => this.emit('close'));
  }
  setTimeout(ms: number): this {
    this.real.setTimeout(ms);
    return this;
  }
  write(bytes: Buffer): boolean {
    return this.real.destroyed ? false : this.real.write(bytes);
  }
  end(): this {
    this.real.end();
    return this;
  }
  destroy(): this {
    this.real.destroy();
    return this;
  }
  get remoteAddress(): string | undefined {
    return this.real.remoteAddress;
  }
  get remotePort(): number | undefined {
    return this.real.remotePort;
  }
}

/** One connection: dcmjs-dimse's Scp with our handlers. */
class Association extends dimse.Scp {
  private readonly listener: DicomListener;
  private current: Sink | null = null;
  private handling = 0;
  private callingAe = '';
  private readonly remote: string;
  private readonly startedAt = Date.now();
  private stored = 0;
  private failed = 0;
  private ended = false;
  private paused = false;
  private stopped = false;
  /** The A-ASSOCIATE-AC was sent: this connection holds an association slot. */
  associated = false;
  private requestSeen = false;
  readonly remoteAddress: string;
  private readonly requestTimer: NodeJS.Timeout;
  private readonly sock: net.Socket;
  private readonly retrieval: Retrieval;
  /** Set by dcmjs-dimse when the A-ASSOCIATE-RQ arrives (not in its published types). */
  declare association: DimseAssociation;

  constructor(socket: net.Socket, proxy: SocketProxy, listener: DicomListener) {
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
    this.remoteAddress = socket.remoteAddress ?? '?';
    this.remote = `${this.remoteAddress}:${socket.remotePort ?? '?'}`;
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
    return this.handling > 0 || this.current !== null;
  }

  destroy(): void {
    this.current?.abort();
    this.current = null;
    this.sock.destroy();
  }

  /** The raw bytes broke the protocol or a limit: abort the association and drop the connection. */
  violation(reason: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.log().warn({ remote: this.remote, callingAe: this.callingAe, reason }, 'DICOM connection dropped');
    this.abortAndClose();
  }

  private abortAndClose(): void {
    this.current?.abort();
    this.current = null;
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
    this.current?.abort();
    this.current = null;
    this.retrieval.end();
    if (this.callingAe) {
      this.log().info(
        {
          remote: this.remote,
          callingAe: this.callingAe,
          stored: this.stored,
          failed: this.failed,
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
    const reject = (result: number, source: number, reason: number, why: string) => {
      this.log().warn({ remote: this.remote, callingAe: calling, calledAe: called, why }, 'DICOM association rejected');
      this.sendAssociationReject(result, source, reason);
      this.sock.end();
      setTimeout(() => this.sock.destroy(), 1000).unref();
    };
    const { RejectResult, RejectSource, RejectReason } = constants;
    if (this.listener.isDraining) {
      reject(
        RejectResult.Transient,
        RejectSource.ServiceProviderPresentation,
        RejectReason.TemporaryCongestion,
        'shutting down',
      );
      return;
    }
    if (this.listener.activeAssociations() >= cfg.maxAssociations) {
      reject(
        RejectResult.Transient,
        RejectSource.ServiceProviderPresentation,
        RejectReason.LocalLimitExceeded,
        'too many associations',
      );
      return;
    }
    if (this.listener.activeAssociations(this.remoteAddress) >= cfg.maxConnectionsPerAddress) {
      reject(
        RejectResult.Transient,
        RejectSource.ServiceProviderPresentation,
        RejectReason.LocalLimitExceeded,
        'too many associations from this address',
      );
      return;
    }
    if (called !== cfg.aeTitle) {
      reject(
        RejectResult.Permanent,
        RejectSource.ServiceUser,
        RejectReason.CalledAeNotRecognized,
        'called AE title is not ours',
      );
      return;
    }
    if (cfg.allowed && !cfg.allowed.has(calling)) {
      reject(
        RejectResult.Permanent,
        RejectSource.ServiceUser,
        RejectReason.CallingAeNotRecognized,
        'calling AE title not allowed',
      );
      return;
    }
    const { accepted, rejected } = negotiate(association, {
      worklist: this.listener.worklist !== null && (this.listener.worklist.offeredTo?.(calling) ?? true),
      query: this.listener.query !== null && cfg.queryAes.has(calling),
      retrieve: this.listener.retrieve !== null && cfg.queryAes.has(calling),
      move: this.listener.retrieve !== null && this.listener.moveDestinations.size > 0 && cfg.queryAes.has(calling),
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
    this.sendAssociationReleaseResponse();
  }

  override abort(): void {
    this.log().debug({ remote: this.remote, callingAe: this.callingAe }, 'DICOM association aborted by peer');
    this.destroy();
  }

  // ---- C-ECHO --------------------------------------------------------------------------------------------------

  override cEchoRequest(request: DimseCEchoRequest, callback: (response: DimseCEchoResponse) => void): void {
    const response = dimse.responses.CEchoResponse.fromRequest(request);
    response.setStatus(Status.Success);
    callback(response);
  }

  // ---- C-STORE -------------------------------------------------------------------------------------------------

  /**
   * The first data set fragment of a C-STORE arrived (seen by the demultiplexer, before dcmjs-dimse): open the sink
   * that writes the Part-10 header built from the command set and then the bytes as received (problems 4, 5, 6).
   */
  storeBegin(cmd: StoreCommand): void {
    const cfg = this.listener.config;
    const onTooLarge = () => {
      if (this.stopped) return;
      this.stopped = true;
      this.failed++;
      this.listener.record('failed');
      this.log().warn(
        { remote: this.remote, callingAe: this.callingAe, limit: cfg.maxInstanceBytes },
        'DICOM instance over the size limit: association aborted',
      );
      this.abortAndClose();
    };
    const refuse = (status: number, reason: string) =>
      new RefusedSink({ ok: false, status, reason, kind: 'malformed' }, cfg.maxInstanceBytes, onTooLarge);
    let context: DimsePresentationContext | null = null;
    try {
      context = this.association.getPresentationContext(cmd.pcId);
    } catch {
      context = null;
    }
    if (!context || context.getResult() !== PcResult.Accept || !isStorageSopClass(context.getAbstractSyntaxUid())) {
      this.current = refuse(Status.SopClassNotSupported, 'presentation context not accepted for storage');
    } else if (cmd.sopClassUid !== context.getAbstractSyntaxUid()) {
      this.current = refuse(Status.SopClassNotSupported, 'SOP class differs from the presentation context');
    } else if (!isLenientUid(cmd.sopInstanceUid)) {
      this.current = refuse(Status.DataSetMismatch, 'AffectedSOPInstanceUID missing or invalid');
    } else {
      const transferSyntaxUid = context.getAcceptedTransferSyntaxUid() ?? TS.implicitLE;
      this.current = new StoreSink({
        tempPath: this.listener.newTempPath(),
        header: buildPart10Header({
          sopClassUid: cmd.sopClassUid,
          sopInstanceUid: cmd.sopInstanceUid,
          transferSyntaxUid,
          sourceAeTitle: this.callingAe,
        }),
        transferSyntaxUid,
        maxBytes: cfg.maxInstanceBytes,
        highWaterMark: cfg.writeHighWaterMark,
        onBackpressure: (pause) => {
          if (pause && !this.paused) {
            this.paused = true;
            this.sock.pause();
          } else if (!pause && this.paused) {
            this.paused = false;
            if (!this.stopped) this.sock.resume();
          }
        },
        onTooLarge,
      });
    }
  }

  /** Data set bytes of the current C-STORE, straight from the socket's buffers. */
  storeData(bytes: Buffer): void {
    this.current?.write(bytes);
  }

  /**
   * The last data fragment arrived: the sink is ended, the instance stored, and the C-STORE-RSP written here (the
   * request never reached dcmjs-dimse, whose command handling through dcmjs cost more than storing the instance).
   */
  storeEnd(cmd: StoreCommand): void {
    const sink = this.current;
    this.current = null;
    sink?.end();
    this.handling++;
    void this.store(cmd, sink)
      .catch((err: unknown) => {
        this.log().error({ err, callingAe: this.callingAe }, 'C-STORE handling failed');
        return { status: Status.OutOfResources, comment: 'internal error' };
      })
      .then(({ status, comment: text }) => {
        if (status === Status.Success) {
          this.stored++;
          this.listener.record('stored');
        } else {
          this.failed++;
          this.listener.record('failed');
        }
        if (!this.sock.destroyed)
          this.sock.write(
            storeResponsePdu(cmd, status, text && status !== Status.Success ? errorComment(text) : undefined),
          );
      })
      .finally(() => {
        this.handling--;
      });
  }

  /** Only a C-STORE-RQ that announced no data set gets here (the demultiplexer keeps the others): refused. */
  override cStoreRequest(request: DimseCStoreRequest, callback: (response: DimseCStoreResponse) => void): void {
    const response = dimse.responses.CStoreResponse.fromRequest(request);
    response.setStatus(Status.CannotUnderstand);
    response.setErrorComment('C-STORE without a data set');
    this.failed++;
    this.listener.record('failed');
    callback(response);
  }

  private async store(cmd: StoreCommand, sink: Sink | null): Promise<{ status: number; comment?: string }> {
    const sopClass = cmd.sopClassUid;
    const sopInstance = cmd.sopInstanceUid;
    if (!sink) return this.refused(Status.CannotUnderstand, 'C-STORE without a data set');
    const out = await sink.done;
    if (sink instanceof StoreSink) this.listener.recordBuffered(sink.peakBuffered);
    if (!out.ok) return this.refused(out.status, out.reason);
    const a = out.attrs;
    const received = out.instance;
    const reject = async (status: number, reason: string) => {
      if (received.kind === 'file') await fsp.rm(received.tempPath, { force: true });
      return this.refused(status, reason);
    };
    if (!a.sopClassUid) return reject(Status.DataSetMismatch, 'data set has no SOPClassUID');
    if (a.sopClassUid !== sopClass)
      return reject(Status.DataSetMismatch, 'SOPClassUID differs from the C-STORE request');
    if (!a.sopInstanceUid) return reject(Status.DataSetMismatch, 'data set has no SOPInstanceUID');
    if (a.sopInstanceUid !== sopInstance)
      return reject(Status.DataSetMismatch, 'SOPInstanceUID differs from the C-STORE request');
    if (!a.studyInstanceUid || !isLenientUid(a.studyInstanceUid))
      return reject(Status.DataSetMismatch, 'StudyInstanceUID missing or invalid');
    if (!a.seriesInstanceUid || !isLenientUid(a.seriesInstanceUid))
      return reject(Status.DataSetMismatch, 'SeriesInstanceUID missing or invalid');
    if (a.numberOfFrames && !/^ *[+]?[0-9]{1,10} *$/.test(a.numberOfFrames))
      return reject(Status.CannotUnderstand, 'NumberOfFrames is not an integer');

    let result: IngestResult;
    try {
      const ctx = { source: this.callingAe };
      result =
        received.kind === 'memory'
          ? await this.listener.archive.ingestBytes(received.data, ctx)
          : await this.listener.archive.ingestFile(received.tempPath, ctx, received.file);
    } catch (err) {
      if (received.kind === 'file') await fsp.rm(received.tempPath, { force: true });
      this.log().error({ err, callingAe: this.callingAe }, 'archive failed to ingest an instance');
      return { status: Status.OutOfResources, comment: 'archive unavailable, retry later' };
    }
    const mapped = statusOfIngest(result);
    if (mapped.status !== Status.Success) {
      this.log().warn(
        { remote: this.remote, callingAe: this.callingAe, status: hexStatus(mapped.status), reason: mapped.comment },
        'C-STORE refused by the archive',
      );
    } else {
      this.log().debug(
        { callingAe: this.callingAe, sopInstanceUid: sopInstance, result: result.status },
        'C-STORE stored',
      );
    }
    return mapped;
  }

  private refused(status: number, reason: string): { status: number; comment: string } {
    this.log().warn(
      { remote: this.remote, callingAe: this.callingAe, status: hexStatus(status), reason },
      'C-STORE refused',
    );
    return { status, comment: reason };
  }

  // ---- C-FIND (Modality Worklist, Study Root, Patient Root) ------------------------------------------------------

  override cFindRequest(request: DimseCFindRequest, callback: (responses: DimseCFindResponse[]) => void): void {
    this.handling++;
    void this.find(request)
      .catch((err: unknown) => {
        this.log().error({ err, callingAe: this.callingAe }, 'C-FIND failed');
        return [this.findResponse(request, Status.OutOfResources, 'query unavailable, retry later')];
      })
      .then((responses) => {
        if (!this.sock.destroyed) callback(responses);
      })
      .finally(() => {
        this.handling--;
      });
  }

  private findResponse(
    request: DimseCFindRequest,
    status: number,
    text?: string,
    dataset?: DimseDataset,
  ): DimseCFindResponse {
    const r = dimse.responses.CFindResponse.fromRequest(request);
    // fromRequest always answers for Study Root; answer for the SOP class asked.
    r.setAffectedSopClassUid(request.getAffectedSopClassUid());
    r.setStatus(status);
    if (text) r.setErrorComment(errorComment(text));
    if (dataset) r.setDataset(dataset);
    return r;
  }

  private async find(request: DimseCFindRequest): Promise<DimseCFindResponse[]> {
    const started = Date.now();
    const sopClass = request.getAffectedSopClassUid();
    const worklist = this.listener.worklist;
    const query = this.listener.query;
    const context = this.association.getAcceptedPresentationContextFromRequest(request);
    // The request's context must be one we accepted for its SOP class (negotiation decided who may query).
    const accepted = context?.getResult() === PcResult.Accept && context.getAbstractSyntaxUid() === sopClass;
    const model = rootOf(sopClass);
    const kind =
      accepted && sopClass === MWL_FIND_SOP_CLASS && worklist
        ? 'worklist'
        : accepted && model?.service === 'find' && query
          ? 'archive'
          : null;
    if (!kind)
      return [this.findResponse(request, Status.SopClassNotSupported, 'query model not offered on this association')];
    const ts = context?.getAcceptedTransferSyntaxUid() ?? TS.implicitLE;
    const identifier = request.getDataset()?.getElements() ?? {};
    const answer =
      kind === 'worklist'
        ? await worklist!.find(identifier, { explicitVr: ts !== TS.implicitLE, callingAe: this.callingAe })
        : await query!.find(identifier, {
            explicitVr: ts !== TS.implicitLE,
            callingAe: this.callingAe,
            root: model!.root,
          });
    if (!answer.ok) {
      this.log().warn(
        { callingAe: this.callingAe, kind, status: hexStatus(answer.status), reason: answer.comment },
        'C-FIND refused',
      );
      return [this.findResponse(request, answer.status, answer.comment)];
    }
    const responses = answer.datasets.map((bytes) =>
      this.findResponse(request, Status.Pending, undefined, encodedDataset(bytes, ts)),
    );
    responses.push(
      answer.truncated
        ? this.findResponse(request, Status.OutOfResources, `more than ${answer.matches} matches; narrow the query`)
        : this.findResponse(request, Status.Success),
    );
    this.log().info(
      {
        callingAe: this.callingAe,
        kind,
        matches: answer.matches,
        truncated: answer.truncated,
        ms: Date.now() - started,
      },
      'C-FIND answered',
    );
    return responses;
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

  /** The peer's answer to one of our C-STORE sub-operations (taken out of the stream by the demultiplexer). */
  storeResponse(r: { messageId: number; status: number }): void {
    this.retrieval.storeResponse(r);
  }
}

/** A dcmjs-dimse Dataset whose bytes are already encoded (by the worklist encoder) in the context's transfer syntax. */
function encodedDataset(bytes: Buffer, transferSyntaxUid: string): DimseDataset {
  const ds = new dimse.Dataset({}, transferSyntaxUid);
  ds.getDenaturalizedDataset = () => bytes;
  return ds;
}

/** Builds the listener from the server config (main.ts). */
export function createDicomListener(opts: DicomListenerOptions): DicomListener {
  return new DicomListener(opts);
}
