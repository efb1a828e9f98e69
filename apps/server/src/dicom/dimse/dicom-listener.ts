import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import type { Logger } from 'pino';
import type { DicomArchive } from '../archive';
import { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION_NAME } from '../uids';
import { NO_AE_CHARACTER_SETS, type AeCharacterSets } from './ae-character-sets';
import { Association } from './association';
import type { AssociationListener, ListenerSettings } from './association-listener';
import { dimse, routeDimseLogs } from './lib';
import type { MppsSource } from './mpps/mpps';
import type { WorklistSource } from './mwl/worklist';
import { PduDemux } from './pdu-demux';
import type { ArchiveQuerySource } from './qr/archive-find';
import type { ArchiveRetrieveSource } from './qr/archive-get';
import type { StoreDestination } from './scu/store-scu';
import { SocketProxy } from './socket-proxy';
import { PendingHandshakes } from './tls-handshakes';
import type { StorageCommitmentSource } from './stgcmt/storage-commitment';

export interface DicomListenerOptions {
  /** Address to bind (dcmjs-dimse's Server.listen has no host: we run our own net.Server). */
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /**
   * A second port speaking TLS in front of the same association handling (allow-lists, limits, slots); port 0 picks
   * a free one. With `ca`, a peer must present a certificate it signed (docs/decisions/io23-dicom-tls-port.md).
   */
  tls?: { port: number; cert: Buffer; key: Buffer; ca: Buffer | null } | null;
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
  /** Per calling AE: the character set assumed for its instances, and the one its C-FIND answers use. */
  characterSets?: AeCharacterSets;
  /** Where a C-MOVE may send images (with `retrieve`); empty = Study Root C-MOVE not offered. */
  moveDestinations?: readonly StoreDestination[];
  /**
   * Storage Commitment Push Model SCP; without it the SOP class is not offered. A result the modality can no longer
   * take on its association goes to its address in moveDestinations.
   */
  storageCommitment?: StorageCommitmentSource | null;
  /** Modality Performed Procedure Step SCP; without it the SOP class is not offered. */
  mpps?: MppsSource | null;
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

/**
 * The DICOM network listener: C-ECHO, C-STORE for every storage SOP class, Modality Worklist C-FIND, and Study Root
 * and Patient Root C-FIND, C-GET and C-MOVE for the AEs on the query list. It wraps dcmjs-dimse's Scp for PDU and
 * DIMSE handling and works around the problems listed in docs (docs/stack-notes.md): our own bound net.Server, our own
 * negotiation, data sets streamed to a temp file as received (never parsed, never re-written), deflate checked, logs
 * routed to pino at debug, partial files removed. Here: the server, the connection slots, the counters; each
 * connection is an Association (association.ts).
 */
export class DicomListener implements AssociationListener {
  private server: net.Server | null = null;
  private tlsServer: tls.Server | null = null;
  private boundTlsPort = 0;
  private readonly connections = new Set<Association>();
  private readonly settings: ListenerSettings;
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
      characterSets: opts.characterSets ?? NO_AE_CHARACTER_SETS,
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
  /** The TLS port (0 when there is none). */
  get tlsPort(): number {
    return this.boundTlsPort;
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
  get storageCommitment(): StorageCommitmentSource | null {
    return this.opts.storageCommitment ?? null;
  }
  get mpps(): MppsSource | null {
    return this.opts.mpps ?? null;
  }
  get moveConnectTimeoutMs(): number | undefined {
    return this.opts.moveConnectTimeoutMs;
  }
  get config(): Readonly<ListenerSettings> {
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
    this.server = server;
    this.boundPort = await this.listen(server, this.opts.port);
    if (this.opts.tls) {
      this.tlsServer = this.createTlsServer(this.opts.tls);
      try {
        this.boundTlsPort = await this.listen(this.tlsServer, this.opts.tls.port);
      } catch (err) {
        await this.stop(0);
        throw err;
      }
    }
    this.log.info(
      {
        host: this.opts.host,
        port: this.boundPort,
        ...(this.tlsServer ? { tlsPort: this.boundTlsPort, clientCertificates: this.opts.tls?.ca !== null } : {}),
        aeTitle: this.settings.aeTitle,
      },
      'DICOM listener ready',
    );
  }

  private async listen(server: net.Server, port: number): Promise<number> {
    // A backstop only: waiting connections are capped by eviction (accept), associations at the A-ASSOCIATE-RQ.
    server.maxConnections = this.settings.maxAssociations + this.settings.maxWaitingConnections + 64;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: this.opts.host, port, exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (err) => this.log.error({ err }, 'DICOM listener error'));
    const addr = server.address();
    return typeof addr === 'object' && addr ? addr.port : port;
  }

  /**
   * TLS 1.2 or later (PS3.15 B.9, BCP 195) with Node's default cipher suites, which meet it. The handshake must end
   * within the association request time, so a connection that never finishes it holds nothing for long; a decrypted
   * connection then takes the plain path (slots, eviction, admission) exactly as a TCP one.
   */
  private createTlsServer(opts: NonNullable<DicomListenerOptions['tls']>): tls.Server {
    const handshakes = new PendingHandshakes(this.settings.maxConnectionsPerAddress, (remote, pending) =>
      this.log.warn({ remote, pending }, 'DICOM TLS connection still in its handshake closed to make room'),
    );
    const server = tls.createServer(
      {
        cert: opts.cert,
        key: opts.key,
        minVersion: 'TLSv1.2',
        noDelay: true,
        handshakeTimeout: this.settings.associationRequestTimeoutMs,
        ...(opts.ca ? { ca: opts.ca, requestCert: true, rejectUnauthorized: true } : {}),
      },
      (socket) => {
        handshakes.secured(socket);
        this.accept(socket);
      },
    );
    server.on('connection', (socket: net.Socket) => handshakes.add(socket));
    server.on('tlsClientError', (err, socket) => {
      this.log.warn({ remote: socket.remoteAddress, reason: err.message }, 'DICOM TLS handshake failed');
      // With a listener for this event Node leaves the socket open, a handshake timeout included: it would never go.
      socket.destroy();
    });
    return server;
  }

  /**
   * Stops accepting, lets transfers in progress finish (up to graceMs), then closes every association; partial files
   * are removed by the associations as they close.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.server) return;
    this.draining = true;
    const servers = [this.server, this.tlsServer].filter((s): s is net.Server => s !== null);
    this.server = null;
    this.tlsServer = null;
    const closed = Promise.all(
      servers.map(
        (server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
      ),
    );
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
        storeBegin: (cmd) => holder.assoc?.receiver.begin(cmd),
        storeData: (bytes) => holder.assoc?.receiver.data(bytes),
        storeEnd: (cmd) => holder.assoc?.receiver.end(cmd),
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

/** Builds the listener from the server config (main.ts). */
export function createDicomListener(opts: DicomListenerOptions): DicomListener {
  return new DicomListener(opts);
}
