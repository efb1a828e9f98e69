import type { Readable } from 'node:stream';
import { dataPdus, storeRequestPdu } from '../store-response';
import type { RetrievableInstance } from './archive-get';
import { datasetOffset } from '../../parse/dataset-offset';
import { datasetToSend, routeOf } from './outgoing-dataset';

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
  /** C-MOVE: the AE and message that asked, written into each C-STORE-RQ (PS3.7 9.1.1.1). */
  moveOriginator?: { aeTitle: string; messageId: number };
}

/**
 * The counts, how many were not tried because the signal stopped them (0 when all were), and the SOP Instance UIDs
 * that failed, for the Failed SOP Instance UID List of the final response (PS3.4 C.4.2.1.3, C.4.3.1.3).
 */
export type SubOperationResult = SubOperationCounts & { remaining: number; failedSopInstanceUids: string[] };

export interface SubOperationOptions {
  /** After each sub-operation but the last: the counts so far and how many remain. */
  onProgress?(counts: Readonly<SubOperationCounts>, remaining: number): void;
  /** Stops before the next sub-operation (C-CANCEL, or the requester went away). */
  signal?: AbortSignal;
  /** Each instance the peer took (success or warning): a C-MOVE whose destination went away knows which did. */
  onStored?(sopInstanceUid: string): void;
}

export interface SubOperationCounts {
  completed: number;
  failed: number;
  warning: number;
}

/** The meta header of a stored file must end within this many bytes. */
const MAX_META_BYTES = 64 * 1024;

/**
 * Sends each instance as a C-STORE sub-operation on the C-GET's own association (PS3.4 C.4.3.3), or a C-MOVE's
 * association to its destination (C.4.2.3), one after another, its data set streamed from the stored file exactly as
 * stored (the file's own transfer syntax). Otherwise it is rewritten for what the peer took (routeOf): decompressed
 * (RLE, JPEG, JPEG-LS, JPEG 2000), inflated, or put in the other VR encoding. An instance that cannot go so, or
 * without a hot file, counts as failed without being sent, and is listed with those the peer refused.
 */
export async function sendSubOperations(
  channel: SubOperationChannel,
  instances: readonly RetrievableInstance[],
  opts: SubOperationOptions = {},
): Promise<SubOperationResult> {
  const counts: SubOperationCounts = { completed: 0, failed: 0, warning: 0 };
  const failedSopInstanceUids: string[] = [];
  const fail = (instance: RetrievableInstance) => {
    counts.failed++;
    failedSopInstanceUids.push(instance.sopInstanceUid);
  };
  for (const [i, instance] of instances.entries()) {
    if (i > 0) opts.onProgress?.(counts, instances.length - i);
    if (opts.signal?.aborted) return { ...counts, remaining: instances.length - i, failedSopInstanceUids };
    const route = routeOf((sop, ts) => channel.contextFor(sop, ts), instance);
    const outgoing = route ? await datasetToSend(instance, route) : null;
    if (!route || !outgoing) {
      fail(instance);
      continue;
    }
    const messageId = channel.nextMessageId();
    const answered = channel.response(messageId);
    // Observed now: if sending fails, the association ends and this rejects with nobody awaiting it yet.
    answered.catch(() => undefined);
    if (outgoing.kind === 'rewritten') {
      const command = storeRequestPdu(
        { pcId: route.pcId, sopClassUid: instance.sopClassUid, sopInstanceUid: instance.sopInstanceUid, messageId },
        channel.moveOriginator,
      );
      await channel.write([command, ...dataPdus(route.pcId, outgoing.bytes, channel.maxPdu, true)]);
    } else {
      await sendInstance(channel, route.pcId, messageId, instance, outgoing.file);
    }
    const status = await answered;
    const warned = status === 0x0001 || (status & 0xf000) === 0xb000;
    if (status === 0x0000) counts.completed++;
    else if (warned) counts.warning++;
    else fail(instance);
    if (status === 0x0000 || warned) opts.onStored?.(instance.sopInstanceUid);
  }
  return { ...counts, remaining: 0, failedSopInstanceUids };
}

async function sendInstance(
  channel: SubOperationChannel,
  pcId: number,
  messageId: number,
  instance: RetrievableInstance,
  file: Readable,
): Promise<void> {
  const room = Math.max(1024, channel.maxPdu) - 6;
  let head: Buffer | null = Buffer.alloc(0);
  let pending: Buffer = Buffer.alloc(0);
  await channel.write([
    storeRequestPdu(
      { pcId, sopClassUid: instance.sopClassUid, sopInstanceUid: instance.sopInstanceUid, messageId },
      channel.moveOriginator,
    ),
  ]);
  for await (const chunk of file as AsyncIterable<Buffer>) {
    let data = chunk;
    if (head) {
      head = Buffer.concat([head, chunk]);
      const offset = datasetOffset(head);
      if (offset === 'bad' || (offset === null && head.length > MAX_META_BYTES))
        throw new Error('stored file has no readable meta header');
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
