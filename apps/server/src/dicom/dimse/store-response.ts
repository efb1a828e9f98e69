import type { StoreCommand } from './pdu-demux';

const C_STORE_RQ = 0x0001;
const C_STORE_RSP = 0x8001;
const NO_DATASET = 0x0101;

/** An implicit VR little endian command element (PS3.7 E.1): tag, 32-bit length, value padded to even length. */
function element(elementNo: number, value: Buffer): Buffer {
  const padded = value.length % 2 ? Buffer.concat([value, Buffer.from([0])]) : value;
  const head = Buffer.alloc(8);
  head.writeUInt16LE(0x0000, 0);
  head.writeUInt16LE(elementNo, 2);
  head.writeUInt32LE(padded.length, 4);
  return Buffer.concat([head, padded]);
}

function us(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n, 0);
  return b;
}

/** UIs are padded with NUL, text (LO) with a space. */
function text(s: string, pad: 0x00 | 0x20): Buffer {
  const b = Buffer.from(s, 'latin1');
  return b.length % 2 ? Buffer.concat([b, Buffer.from([pad])]) : b;
}

/** A command set (implicit VR little endian, group 0000) behind its CommandGroupLength, as one P-DATA-TF PDU. */
function commandPdu(pcId: number, elements: Buffer[]): Buffer {
  const body = Buffer.concat(elements);
  const groupLength = Buffer.alloc(4);
  groupLength.writeUInt32LE(body.length, 0);
  const command = Buffer.concat([element(0x0000, groupLength), body]);
  const pdu = Buffer.alloc(12);
  pdu.writeUInt8(0x04, 0);
  pdu.writeUInt32BE(command.length + 6, 2);
  pdu.writeUInt32BE(command.length + 2, 6);
  pdu.writeUInt8(pcId, 10);
  pdu.writeUInt8(0x03, 11); // command, last fragment
  return Buffer.concat([pdu, command]);
}

/**
 * The C-STORE-RSP of a request as one P-DATA-TF PDU (one command PDV, last fragment): AffectedSOPClassUID,
 * CommandField, MessageIDBeingRespondedTo, CommandDataSetType (none), Status, ErrorComment when given,
 * AffectedSOPInstanceUID, behind their CommandGroupLength — PS3.7 9.3.1.2.
 */
export function storeResponsePdu(cmd: StoreCommand, status: number, errorComment?: string): Buffer {
  return commandPdu(cmd.pcId, [
    element(0x0002, text(cmd.sopClassUid, 0x00)),
    element(0x0100, us(C_STORE_RSP)),
    element(0x0120, us(cmd.messageId)),
    element(0x0800, us(NO_DATASET)),
    element(0x0900, us(status)),
    ...(errorComment ? [element(0x0902, text(errorComment, 0x20))] : []),
    element(0x1000, text(cmd.sopInstanceUid, 0x00)),
  ]);
}

/**
 * A C-STORE-RQ command (a C-GET or C-MOVE sub-operation, PS3.7 9.3.1.1): AffectedSOPClassUID, CommandField, MessageID,
 * Priority (medium), CommandDataSetType (a data set follows), AffectedSOPInstanceUID, and for a C-MOVE the Move
 * Originator's AE title and message ID. Its data set follows in P-DATA PDUs.
 */
export function storeRequestPdu(cmd: StoreCommand, moveOriginator?: { aeTitle: string; messageId: number }): Buffer {
  return commandPdu(cmd.pcId, [
    element(0x0002, text(cmd.sopClassUid, 0x00)),
    element(0x0100, us(C_STORE_RQ)),
    element(0x0110, us(cmd.messageId)),
    element(0x0700, us(0)),
    element(0x0800, us(0)),
    element(0x1000, text(cmd.sopInstanceUid, 0x00)),
    ...(moveOriginator
      ? [element(0x1030, text(moveOriginator.aeTitle, 0x20)), element(0x1031, us(moveOriginator.messageId))]
      : []),
  ]);
}

/** The response command fields of C-GET and C-MOVE (PS3.7 E.1). */
const RETRIEVE_RSP = { get: 0x8010, move: 0x8021 } as const;
const PENDING = 0xff00;

/**
 * A pending C-GET-RSP or C-MOVE-RSP (PS3.7 9.3.3.2, 9.3.4.2) with the sub-operation counts so far, as one P-DATA-TF
 * PDU. dcmjs-dimse lets a request be answered once, so the pendings before its final answer are written here.
 */
export function pendingRetrieveResponsePdu(
  service: keyof typeof RETRIEVE_RSP,
  pcId: number,
  req: { sopClassUid: string; messageId: number },
  counts: { remaining: number; completed: number; failed: number; warning: number },
): Buffer {
  return commandPdu(pcId, [
    element(0x0002, text(req.sopClassUid, 0x00)),
    element(0x0100, us(RETRIEVE_RSP[service])),
    element(0x0120, us(req.messageId)),
    element(0x0800, us(NO_DATASET)),
    element(0x0900, us(PENDING)),
    element(0x1020, us(counts.remaining)),
    element(0x1021, us(counts.completed)),
    element(0x1022, us(counts.failed)),
    element(0x1023, us(counts.warning)),
  ]);
}

/** Data set bytes as P-DATA-TF PDUs of at most `maxPdu` bytes each (one PDV each); `last` marks the final fragment. */
export function dataPdus(pcId: number, bytes: Buffer, maxPdu: number, last: boolean): Buffer[] {
  const room = Math.max(1024, maxPdu) - 6;
  const out: Buffer[] = [];
  for (let off = 0; off < bytes.length || (out.length === 0 && last); off += room) {
    const part = bytes.subarray(off, off + room);
    const head = Buffer.alloc(12);
    head.writeUInt8(0x04, 0);
    head.writeUInt32BE(part.length + 6, 2);
    head.writeUInt32BE(part.length + 2, 6);
    head.writeUInt8(pcId, 10);
    head.writeUInt8(last && off + room >= bytes.length ? 0x02 : 0x00, 11);
    out.push(head, part);
    if (part.length === 0) break;
  }
  return out;
}
