import net from 'node:net';
import { parseCommand } from '../pdu-demux';
import type { SubOperationChannel } from '../qr/get-suboperations';
import { associateRequestPdu, parseAssociateAnswer, pdu, PduType, type ProposedContext } from './association-pdus';
import { writeParts } from './socket-write';

/** Where a C-MOVE may send images: an AE title at a host and port of the destination table. */
export interface StoreDestination {
  aeTitle: string;
  host: string;
  port: number;
}

/** A (SOP class, transfer syntax) pair to propose as a storage context. */
export interface StorageSyntax {
  sopClassUid: string;
  transferSyntaxUid: string;
}

export interface StoreScuOptions {
  destination: StoreDestination;
  /** Our AE title. */
  callingAe: string;
  /** One context each (at most 128: PS3.8 allows 128 odd IDs). */
  syntaxes: readonly StorageSyntax[];
  /** Written into each C-STORE-RQ (PS3.7 9.1.1.1): the AE and message that asked for the move. */
  moveOriginator?: { aeTitle: string; messageId: number };
  /** Connecting and the association answer, each. Default 10 s. */
  connectTimeoutMs?: number;
  /** No traffic from the destination for this long ends the association. Default 60 s. */
  idleTimeoutMs?: number;
  /** Largest PDU we take. Default 64 KiB (the destination only answers short commands). */
  maxPdu?: number;
}

/** Why an association to a destination could not be made, or ended badly: said to the C-MOVE's requester. */
export class StoreAssociationError extends Error {}

const C_STORE_RSP = 0x8001;
/** Cap on what we send per PDU when the destination announces no limit. */
const UNLIMITED_PDU = 1 << 20;
const MAX_CONTEXTS = 128;
const CONTEXT_ACCEPTED = 0;

/**
 * A C-STORE SCU association to one destination (the sub-operations of a C-MOVE, PS3.4 C.4.2.3): proposes a context
 * per SOP class and transfer syntax, sends C-STORE-RQs through sendSubOperations, and reads the C-STORE-RSPs.
 */
export class StoreScu implements SubOperationChannel {
  readonly maxPdu: number;
  private readonly waiting = new Map<number, { resolve(status: number): void; reject(err: Error): void }>();
  private messageId = 1;
  private closedWith: Error | null = null;
  private released: (() => void) | null = null;
  /** Command fragments of a response still arriving, by presentation context. */
  private readonly command = new Map<number, Buffer[]>();

  private constructor(
    private readonly sock: net.Socket,
    private readonly accepted: Map<string, number>,
    peerMaxPdu: number,
    readonly moveOriginator: StoreScuOptions['moveOriginator'],
  ) {
    this.maxPdu = peerMaxPdu > 0 ? Math.min(peerMaxPdu, UNLIMITED_PDU) : UNLIMITED_PDU;
  }

  /** Connects and associates; rejects with a StoreAssociationError saying why when the destination cannot be used. */
  static open(opts: StoreScuOptions): Promise<StoreScu> {
    const { destination: dest } = opts;
    const ourMax = opts.maxPdu ?? 64 * 1024;
    const contexts: ProposedContext[] = opts.syntaxes
      .slice(0, MAX_CONTEXTS)
      .map((s, i) => ({ id: 2 * i + 1, abstractSyntax: s.sopClassUid, transferSyntaxes: [s.transferSyntaxUid] }));
    return new Promise<StoreScu>((resolve, reject) => {
      const sock = net.connect({ host: dest.host, port: dest.port, noDelay: true });
      const reader = new PduReader(ourMax);
      let scu: StoreScu | null = null;
      const fail = (message: string) => {
        sock.destroy();
        if (scu) scu.end(new StoreAssociationError(message));
        else reject(new StoreAssociationError(message));
      };
      sock.setTimeout(opts.connectTimeoutMs ?? 10_000);
      sock.on('timeout', () =>
        fail(scu ? `${dest.aeTitle} stopped answering` : `${dest.aeTitle} did not answer in time`),
      );
      sock.on('error', (err: NodeJS.ErrnoException) =>
        fail(`cannot reach ${dest.aeTitle} (${err.code ?? 'network error'})`),
      );
      sock.on('close', () => fail(`${dest.aeTitle} closed the association`));
      sock.on('connect', () => {
        sock.write(associateRequestPdu(opts.callingAe, dest.aeTitle, contexts, ourMax));
      });
      sock.on('data', (chunk: Buffer) => {
        let pdus;
        try {
          pdus = reader.push(chunk);
        } catch (err) {
          if (scu) sock.write(pdu(PduType.abort, Buffer.alloc(4)));
          fail(`${dest.aeTitle}: ${(err as Error).message}`);
          return;
        }
        for (const p of pdus) {
          if (scu) {
            scu.receive(p.type, p.body);
            continue;
          }
          const answer = parseAssociateAnswer(p.type, p.body);
          if (p.type === PduType.abort) {
            fail(`${dest.aeTitle} aborted the association`);
            return;
          }
          if (!answer) {
            fail(`${dest.aeTitle} answered the association request with PDU type ${p.type}`);
            return;
          }
          if (answer.kind === 'reject') {
            fail(`${dest.aeTitle} rejected the association (reason ${answer.reason})`);
            return;
          }
          const accepted = new Map<string, number>();
          for (const c of contexts) {
            const r = answer.contexts.get(c.id);
            if (r?.result === CONTEXT_ACCEPTED && r.transferSyntax === c.transferSyntaxes[0])
              accepted.set(key(c.abstractSyntax, r.transferSyntax), c.id);
          }
          scu = new StoreScu(sock, accepted, answer.maxPdu, opts.moveOriginator);
          sock.setTimeout(opts.idleTimeoutMs ?? 60_000);
          resolve(scu);
        }
      });
    });
  }

  contextFor(sopClassUid: string, transferSyntaxUid: string): number | null {
    return this.accepted.get(key(sopClassUid, transferSyntaxUid)) ?? null;
  }

  write(parts: Buffer[]): Promise<void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    return writeParts(this.sock, parts);
  }

  response(messageId: number): Promise<number> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    return new Promise<number>((resolve, reject) => this.waiting.set(messageId, { resolve, reject }));
  }

  nextMessageId(): number {
    const id = this.messageId;
    this.messageId = (this.messageId % 0xffff) + 1;
    return id;
  }

  /** Releases the association (A-RELEASE-RQ, waits for the RP up to 10 s) and closes the connection. */
  async release(): Promise<void> {
    if (this.closedWith) return;
    const done = new Promise<void>((resolve) => {
      this.released = resolve;
    });
    this.sock.write(pdu(PduType.releaseRq, Buffer.alloc(4)));
    const timer = setTimeout(() => this.released?.(), 10_000);
    await done;
    clearTimeout(timer);
    this.end(new StoreAssociationError('association released'));
    this.sock.end();
    setTimeout(() => this.sock.destroy(), 1000).unref();
  }

  /** Drops the association at once (A-ABORT). */
  abort(): void {
    if (!this.closedWith && !this.sock.destroyed) this.sock.write(pdu(PduType.abort, Buffer.alloc(4)));
    this.end(new StoreAssociationError('association aborted'));
    this.sock.destroy();
  }

  private receive(type: number, body: Buffer): void {
    if (type === PduType.releaseRp) {
      this.released?.();
      return;
    }
    if (type === PduType.releaseRq) {
      // The destination wants to stop: agree, and whatever is still waiting fails.
      this.sock.write(pdu(PduType.releaseRp, Buffer.alloc(4)));
      this.end(new StoreAssociationError('the destination released the association'));
      this.sock.end();
      return;
    }
    if (type === PduType.abort) {
      this.end(new StoreAssociationError('the destination aborted the association'));
      this.sock.destroy();
      return;
    }
    if (type !== PduType.pData) return;
    let pos = 0;
    while (pos + 6 <= body.length) {
      const len = body.readUInt32BE(pos);
      if (len < 2 || pos + 4 + len > body.length) break;
      const pcId = body.readUInt8(pos + 4);
      const flags = body.readUInt8(pos + 5);
      // Only commands come back (C-STORE-RSP has no data set).
      if (flags & 0x01) {
        const parts = this.command.get(pcId) ?? [];
        parts.push(body.subarray(pos + 6, pos + 4 + len));
        if (flags & 0x02) {
          this.command.delete(pcId);
          const cmd = parseCommand(Buffer.concat(parts));
          const w = this.waiting.get(cmd.messageIdBeingRespondedTo);
          if (cmd.field === C_STORE_RSP && w) {
            this.waiting.delete(cmd.messageIdBeingRespondedTo);
            w.resolve(cmd.status);
          }
        } else {
          this.command.set(pcId, parts);
        }
      }
      pos += 4 + len;
    }
  }

  private end(err: Error): void {
    if (this.closedWith) return;
    this.closedWith = err;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
    this.released?.();
  }
}

const key = (sopClassUid: string, transferSyntaxUid: string) => `${sopClassUid}|${transferSyntaxUid}`;

/** Splits the byte stream into PDUs; a PDU longer than we announced (or a broken length) is a protocol error. */
class PduReader {
  private buffered: Buffer = Buffer.alloc(0);
  constructor(private readonly maxPdu: number) {}

  push(chunk: Buffer): { type: number; body: Buffer }[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const out: { type: number; body: Buffer }[] = [];
    while (this.buffered.length >= 6) {
      const type = this.buffered.readUInt8(0);
      const len = this.buffered.readUInt32BE(2);
      // An A-ASSOCIATE-AC may be larger than a P-DATA we take: it lists every context.
      if (len > Math.max(this.maxPdu, 64 * 1024) + 6) throw new Error(`PDU of ${len} bytes is larger than announced`);
      if (this.buffered.length < 6 + len) break;
      out.push({ type, body: this.buffered.subarray(6, 6 + len) });
      this.buffered = this.buffered.subarray(6 + len);
    }
    return out;
  }
}
