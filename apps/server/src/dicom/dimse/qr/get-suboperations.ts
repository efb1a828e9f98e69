import type { Readable } from 'node:stream';
import { dataPdus, storeRequestPdu } from '../store-response';
import type { RetrievableInstance } from './archive-get';

/** What the C-STORE sub-operations of a C-GET need of their association. */
export interface SubOperationChannel {
  /** The accepted storage context for this SOP class in this transfer syntax where the peer took the SCP role. */
  contextFor(sopClassUid: string, transferSyntaxUid: string): number | null;
  /** Largest PDU the peer takes. */
  maxPdu: number;
  /** Writes to the peer; resolves once the socket takes more (back-pressure). */
  write(bytes: Buffer[]): Promise<void>;
  /** The peer's status for our C-STORE-RQ of this message ID. */
  response(messageId: number): Promise<number>;
  nextMessageId(): number;
}

export interface SubOperationCounts {
  completed: number;
  failed: number;
  warning: number;
}

/** The meta header of a stored file must end within this many bytes. */
const MAX_META_BYTES = 64 * 1024;
const LONG_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'SQ', 'UC', 'UR', 'UT', 'UN', 'SV', 'UV']);

/**
 * Sends each instance as a C-STORE sub-operation on the C-GET's own association (PS3.4 C.4.3.3), one after another,
 * its data set streamed from the stored file exactly as stored (the file's own transfer syntax; no transcoding). An
 * instance the peer cannot take in its transfer syntax, or without a hot file, counts as failed without being sent.
 */
export async function sendSubOperations(channel: SubOperationChannel, instances: readonly RetrievableInstance[]): Promise<SubOperationCounts> {
  const counts: SubOperationCounts = { completed: 0, failed: 0, warning: 0 };
  for (const instance of instances) {
    const pcId = channel.contextFor(instance.sopClassUid, instance.transferSyntaxUid);
    const file = pcId === null ? null : await instance.open();
    if (pcId === null || !file) {
      file?.destroy();
      counts.failed++;
      continue;
    }
    const messageId = channel.nextMessageId();
    const answered = channel.response(messageId);
    await sendInstance(channel, pcId, messageId, instance, file);
    const status = await answered;
    if (status === 0x0000) counts.completed++;
    else if (status === 0x0001 || (status & 0xf000) === 0xb000) counts.warning++;
    else counts.failed++;
  }
  return counts;
}

async function sendInstance(channel: SubOperationChannel, pcId: number, messageId: number, instance: RetrievableInstance, file: Readable): Promise<void> {
  const room = Math.max(1024, channel.maxPdu) - 6;
  let head: Buffer | null = Buffer.alloc(0);
  let pending: Buffer = Buffer.alloc(0);
  await channel.write([storeRequestPdu({ pcId, sopClassUid: instance.sopClassUid, sopInstanceUid: instance.sopInstanceUid, messageId })]);
  for await (const chunk of file as AsyncIterable<Buffer>) {
    let data = chunk;
    if (head) {
      head = Buffer.concat([head, chunk]);
      const offset = datasetOffset(head);
      if (offset === 'bad' || (offset === null && head.length > MAX_META_BYTES)) throw new Error('stored file has no readable meta header');
      if (offset === null) continue;
      data = head.subarray(offset);
      head = null;
    }
    pending = pending.length ? Buffer.concat([pending, data]) : data;
    if (pending.length > room) {
      const whole = pending.length - (pending.length % room || room);
      await channel.write(dataPdus(pcId, pending.subarray(0, whole), channel.maxPdu, false));
      pending = pending.subarray(whole);
    }
  }
  if (head) throw new Error('stored file ends inside its meta header');
  await channel.write(dataPdus(pcId, pending, channel.maxPdu, true));
}

/**
 * Where the data set starts in a stored Part-10 file (after the preamble, 'DICM' and the explicit VR little endian
 * group 0002): null when more bytes are needed, 'bad' when it is not a Part-10 file.
 */
export function datasetOffset(b: Buffer): number | null | 'bad' {
  let pos: number;
  if (b.length >= 132 && b.toString('latin1', 128, 132) === 'DICM') pos = 132;
  else if (b.length >= 4 && b.toString('latin1', 0, 4) === 'DICM') pos = 4;
  else return b.length >= 132 ? 'bad' : null;
  for (;;) {
    if (pos + 8 > b.length) return null;
    if (b.readUInt16LE(pos) !== 0x0002) return pos;
    const vr = b.toString('latin1', pos + 4, pos + 6);
    if (LONG_VRS.has(vr)) {
      if (pos + 12 > b.length) return null;
      pos += 12 + b.readUInt32LE(pos + 8);
    } else {
      pos += 8 + b.readUInt16LE(pos + 6);
    }
  }
}
