import type { StoreCommand } from './pdu-demux';

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

/**
 * The C-STORE-RSP of a request as one P-DATA-TF PDU (one command PDV, last fragment): AffectedSOPClassUID,
 * CommandField, MessageIDBeingRespondedTo, CommandDataSetType (none), Status, ErrorComment when given,
 * AffectedSOPInstanceUID, behind their CommandGroupLength — PS3.7 9.3.1.2.
 */
export function storeResponsePdu(cmd: StoreCommand, status: number, errorComment?: string): Buffer {
  const body = Buffer.concat([
    element(0x0002, text(cmd.sopClassUid, 0x00)),
    element(0x0100, us(C_STORE_RSP)),
    element(0x0120, us(cmd.messageId)),
    element(0x0800, us(NO_DATASET)),
    element(0x0900, us(status)),
    ...(errorComment ? [element(0x0902, text(errorComment, 0x20))] : []),
    element(0x1000, text(cmd.sopInstanceUid, 0x00)),
  ]);
  const groupLength = Buffer.alloc(4);
  groupLength.writeUInt32LE(body.length, 0);
  const command = Buffer.concat([element(0x0000, groupLength), body]);
  const pdu = Buffer.alloc(12);
  pdu.writeUInt8(0x04, 0);
  pdu.writeUInt32BE(command.length + 6, 2);
  pdu.writeUInt32BE(command.length + 2, 6);
  pdu.writeUInt8(cmd.pcId, 10);
  pdu.writeUInt8(0x03, 11); // command, last fragment
  return Buffer.concat([pdu, command]);
}
