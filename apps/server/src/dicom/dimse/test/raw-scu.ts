import net from 'node:net';
import { associateRequestPdu, parseAssociateAnswer, pdu, type ProposedContext } from '../scu/association-pdus';

/**
 * A deliberately small DICOM SCU speaking raw PDUs, for what dcmtk cannot do on purpose: send a data set's bytes
 * verbatim (storescu re-encodes), send broken or endless data, stop mid-transfer, propose odd presentation contexts.
 */

export type { ProposedContext };
export type AssociateAnswer = NonNullable<ReturnType<typeof parseAssociateAnswer>> | { kind: 'closed' };

/** The A-ASSOCIATE-RQ Rangsi itself sends as a C-MOVE SCU. */
export const associateRq = (calling: string, called: string, contexts: ProposedContext[], maxPdu = 65536): Buffer =>
  associateRequestPdu(calling, called, contexts, maxPdu);

/** An implicit VR little endian element. */
function el(group: number, element: number, value: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(group, 0);
  h.writeUInt16LE(element, 2);
  h.writeUInt32LE(value.length, 4);
  return Buffer.concat([h, value]);
}
const us = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n, 0);
  return b;
};
const ui = (s: string) => {
  const b = Buffer.from(s, 'latin1');
  return b.length % 2 ? Buffer.concat([b, Buffer.from([0])]) : b;
};

export function cStoreRq(messageId: number, sopClass: string, sopInstance: string): Buffer {
  const body = Buffer.concat([
    el(0, 0x0002, ui(sopClass)),
    el(0, 0x0100, us(0x0001)),
    el(0, 0x0110, us(messageId)),
    el(0, 0x0700, us(0)),
    el(0, 0x0800, us(0x0000)),
    el(0, 0x1000, ui(sopInstance)),
  ]);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(body.length, 0);
  return Buffer.concat([el(0, 0x0000, len), body]);
}

export function cEchoRq(messageId: number): Buffer {
  const body = Buffer.concat([
    el(0, 0x0002, ui('1.2.840.10008.1.1')),
    el(0, 0x0100, us(0x0030)),
    el(0, 0x0110, us(messageId)),
    el(0, 0x0800, us(0x0101)),
  ]);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(body.length, 0);
  return Buffer.concat([el(0, 0x0000, len), body]);
}

export function pdata(pcId: number, value: Buffer, command: boolean, last: boolean): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt32BE(value.length + 2, 0);
  head.writeUInt8(pcId, 4);
  head.writeUInt8((command ? 1 : 0) | (last ? 2 : 0), 5);
  return pdu(0x04, Buffer.concat([head, value]));
}

export const releaseRq = () => pdu(0x05, Buffer.alloc(4));
export const abortPdu = () => pdu(0x07, Buffer.from([0, 0, 0, 0]));

/** Reads the implicit VR LE command set of a response: status and error comment. */
export function parseCommand(cmd: Buffer): { status: number; errorComment: string; commandField: number } {
  let pos = 0;
  let status = -1;
  let errorComment = '';
  let commandField = -1;
  while (pos + 8 <= cmd.length) {
    const element = cmd.readUInt16LE(pos + 2);
    const len = cmd.readUInt32LE(pos + 4);
    const v = cmd.subarray(pos + 8, pos + 8 + len);
    if (element === 0x0900) status = v.readUInt16LE(0);
    if (element === 0x0902) errorComment = v.toString('latin1').trim();
    if (element === 0x0100) commandField = v.readUInt16LE(0);
    pos += 8 + len;
  }
  return { status, errorComment, commandField };
}

export class RawScu {
  private buf = Buffer.alloc(0);
  private waiters: ((p: { type: number; body: Buffer } | null) => void)[] = [];
  private queue: ({ type: number; body: Buffer } | null)[] = [];
  closed = false;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      while (this.buf.length >= 6) {
        const len = this.buf.readUInt32BE(2);
        if (this.buf.length < 6 + len) break;
        this.deliver({ type: this.buf.readUInt8(0), body: this.buf.subarray(6, 6 + len) });
        this.buf = this.buf.subarray(6 + len);
      }
    });
    socket.on('close', () => {
      this.closed = true;
      this.deliver(null);
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number, host = '127.0.0.1', localAddress?: string): Promise<RawScu> {
    return new Promise((resolve, reject) => {
      const s = net.connect({ port, host, noDelay: true, ...(localAddress ? { localAddress } : {}) }, () =>
        resolve(new RawScu(s)),
      );
      s.once('error', reject);
    });
  }

  private deliver(p: { type: number; body: Buffer } | null): void {
    const w = this.waiters.shift();
    if (w) w(p);
    else this.queue.push(p);
  }

  /** Next PDU from the listener (null once the connection is closed). */
  next(timeoutMs = 10_000): Promise<{ type: number; body: Buffer } | null> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift()!);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('no PDU from the listener')), timeoutMs);
      this.waiters.push((p) => {
        clearTimeout(t);
        resolve(p);
      });
    });
  }

  write(bytes: Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) {
        resolve();
        return;
      }
      this.socket.write(bytes, () => resolve());
    });
  }

  async associate(
    calling: string,
    called: string,
    contexts: ProposedContext[],
    maxPdu = 65536,
  ): Promise<AssociateAnswer> {
    await this.write(associateRq(calling, called, contexts, maxPdu));
    const p = await this.next();
    if (!p) return { kind: 'closed' };
    const answer = parseAssociateAnswer(p.type, p.body);
    if (!answer) throw new Error(`unexpected PDU ${p.type}`);
    return answer;
  }

  /** Sends the command and the data set bytes in PDVs of `chunk` bytes; returns the response (null if closed). */
  async store(
    pcId: number,
    sopClass: string,
    sopInstance: string,
    dataset: Buffer | AsyncIterable<Buffer>,
    opts: { chunk?: number; messageId?: number } = {},
  ) {
    const chunk = opts.chunk ?? 16_000;
    await this.write(pdata(pcId, cStoreRq(opts.messageId ?? 1, sopClass, sopInstance), true, true));
    if (Buffer.isBuffer(dataset)) {
      if (dataset.length === 0) await this.write(pdata(pcId, Buffer.alloc(0), false, true));
      for (let i = 0; i < dataset.length; i += chunk) {
        await this.write(pdata(pcId, dataset.subarray(i, i + chunk), false, i + chunk >= dataset.length));
      }
    } else {
      for await (const part of dataset) {
        if (this.socket.destroyed) break;
        await this.write(pdata(pcId, part, false, false));
      }
    }
    return this.response();
  }

  async response(): Promise<{ status: number; errorComment: string } | null> {
    let cmd = Buffer.alloc(0);
    for (;;) {
      const p = await this.next(30_000);
      if (!p) return null;
      if (p.type === 0x07) return null;
      if (p.type !== 0x04) continue;
      let pos = 0;
      let done = false;
      while (pos + 6 <= p.body.length) {
        const len = p.body.readUInt32BE(pos);
        const ctl = p.body.readUInt8(pos + 5);
        cmd = Buffer.concat([cmd, p.body.subarray(pos + 6, pos + 4 + len)]);
        if ((ctl & 3) === 3) done = true;
        pos += 4 + len;
      }
      if (done) return parseCommand(cmd);
    }
  }

  async release(): Promise<void> {
    await this.write(releaseRq());
    await this.next().catch(() => null);
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }
}
