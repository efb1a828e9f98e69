import type { Readable } from 'node:stream';
import { dataPdus, storeRequestPdu } from '../store-response';
import type { RetrievableInstance } from './archive-get';
import { datasetOffset } from '../../transcode/dataset-offset';
import { TS } from '../../uids';
import { rewriteStored, rewriteTo, type Rewrite } from '../../transcode/rewrite-dataset';

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

/** The counts, and how many were not tried because the signal stopped them (0 when all were). */
export type SubOperationResult = SubOperationCounts & { remaining: number };

export interface SubOperationOptions {
  /** After each sub-operation but the last: the counts so far and how many remain. */
  onProgress?(counts: Readonly<SubOperationCounts>, remaining: number): void;
  /** Stops before the next sub-operation (C-CANCEL, or the requester went away). */
  signal?: AbortSignal;
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
 * (RLE, JPEG, JPEG-LS, JPEG 2000), or put in the other VR encoding. An instance that cannot go so, or without a hot file, counts
 * as failed without being sent.
 */
export async function sendSubOperations(
  channel: SubOperationChannel,
  instances: readonly RetrievableInstance[],
  opts: SubOperationOptions = {},
): Promise<SubOperationResult> {
  const counts: SubOperationCounts = { completed: 0, failed: 0, warning: 0 };
  for (const [i, instance] of instances.entries()) {
    if (i > 0) opts.onProgress?.(counts, instances.length - i);
    if (opts.signal?.aborted) return { ...counts, remaining: instances.length - i };
    const route = routeOf(channel, instance);
    const file = route ? await instance.open() : null;
    const rewritten = file && route?.rewrite ? await rewriteStored(file, route.rewrite) : null;
    if (!file || !route || (route.rewrite && !rewritten)) {
      file?.destroy();
      counts.failed++;
      continue;
    }
    const messageId = channel.nextMessageId();
    const answered = channel.response(messageId);
    // Observed now: if sending fails, the association ends and this rejects with nobody awaiting it yet.
    answered.catch(() => undefined);
    if (rewritten) {
      const command = storeRequestPdu(
        { pcId: route.pcId, sopClassUid: instance.sopClassUid, sopInstanceUid: instance.sopInstanceUid, messageId },
        channel.moveOriginator,
      );
      await channel.write([command, ...dataPdus(route.pcId, rewritten, channel.maxPdu, true)]);
    } else {
      await sendInstance(channel, route.pcId, messageId, instance, file);
    }
    const status = await answered;
    if (status === 0x0000) counts.completed++;
    else if (status === 0x0001 || (status & 0xf000) === 0xb000) counts.warning++;
    else counts.failed++;
  }
  return { ...counts, remaining: 0 };
}

/**
 * The context an instance goes on, and how: as stored when the peer took its syntax; else decompressed to explicit (or
 * implicit) VR little endian; an uncompressed little-endian file in the other VR encoding. Null: it cannot go (a syntax
 * the peer did not take and we cannot rewrite, such as colour JPEG).
 */
function routeOf(
  channel: SubOperationChannel,
  instance: RetrievableInstance,
): { pcId: number; rewrite: Rewrite | null } | null {
  const { sopClassUid: sop, transferSyntaxUid: ts } = instance;
  const asStored = channel.contextFor(sop, ts);
  if (asStored !== null) return { pcId: asStored, rewrite: null };
  for (const wanted of [TS.explicitLE, TS.implicitLE]) {
    const pcId = channel.contextFor(sop, wanted);
    const how = pcId === null ? null : rewriteTo(ts, wanted);
    if (pcId !== null && how) return { pcId, rewrite: how };
  }
  return null;
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
