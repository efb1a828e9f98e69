import { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION_NAME } from '../../uids';

/** The DICOM application context (PS3.7 A.2.1). */
const APPLICATION_CONTEXT = '1.2.840.10008.3.1.1.1';

/** A presentation context we propose: its odd ID, the SOP class, and the transfer syntaxes in our order of preference. */
export interface ProposedContext {
  id: number;
  abstractSyntax: string;
  transferSyntaxes: string[];
}

/** The peer's answer to our A-ASSOCIATE-RQ. */
export type AssociateAnswer =
  | { kind: 'accept'; contexts: Map<number, { result: number; transferSyntax: string }>; maxPdu: number }
  | { kind: 'reject'; result: number; source: number; reason: number };

/** PDU types (PS3.8 9.3). */
export const PduType = {
  associateRq: 0x01,
  associateAc: 0x02,
  associateRj: 0x03,
  pData: 0x04,
  releaseRq: 0x05,
  releaseRp: 0x06,
  abort: 0x07,
} as const;

function item(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt8(type, 0);
  head.writeUInt16BE(body.length, 2);
  return Buffer.concat([head, body]);
}

const uidItem = (type: number, uid: string) => item(type, Buffer.from(uid, 'latin1'));

/** A PDU: type, reserved, 32-bit length, body. */
export function pdu(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt8(type, 0);
  head.writeUInt32BE(body.length, 2);
  return Buffer.concat([head, body]);
}

/** AE titles go space-padded to 16 bytes. */
function aeField(title: string): Buffer {
  return Buffer.from(title.padEnd(16, ' ').slice(0, 16), 'latin1');
}

/**
 * An A-ASSOCIATE-RQ (PS3.8 9.3.2): protocol version 1, the AE titles, the application context, one item per proposed
 * context, and the user information: the largest PDU we take, our implementation class UID and version name.
 */
export function associateRequestPdu(
  callingAe: string,
  calledAe: string,
  contexts: readonly ProposedContext[],
  maxPdu: number,
): Buffer {
  const fixed = Buffer.alloc(68);
  fixed.writeUInt16BE(1, 0);
  aeField(calledAe).copy(fixed, 4);
  aeField(callingAe).copy(fixed, 20);
  const items = [uidItem(0x10, APPLICATION_CONTEXT)];
  for (const c of contexts) {
    items.push(
      item(
        0x20,
        Buffer.concat([
          Buffer.from([c.id, 0, 0, 0]),
          uidItem(0x30, c.abstractSyntax),
          ...c.transferSyntaxes.map((t) => uidItem(0x40, t)),
        ]),
      ),
    );
  }
  const max = Buffer.alloc(4);
  max.writeUInt32BE(maxPdu, 0);
  items.push(
    item(
      0x50,
      Buffer.concat([
        item(0x51, max),
        uidItem(0x52, IMPLEMENTATION_CLASS_UID),
        uidItem(0x55, IMPLEMENTATION_VERSION_NAME),
      ]),
    ),
  );
  return pdu(PduType.associateRq, Buffer.concat([fixed, ...items]));
}

/**
 * Reads an A-ASSOCIATE-AC or -RJ body (PS3.8 9.3.3, 9.3.4): per context ID its result (0 = acceptance) and the transfer
 * syntax the peer chose, and the largest PDU the peer takes (0 = no limit). Null for any other PDU or a malformed one.
 */
export function parseAssociateAnswer(type: number, body: Buffer): AssociateAnswer | null {
  if (type === PduType.associateRj) {
    return body.length >= 4
      ? { kind: 'reject', result: body.readUInt8(1), source: body.readUInt8(2), reason: body.readUInt8(3) }
      : null;
  }
  if (type !== PduType.associateAc || body.length < 68) return null;
  const contexts = new Map<number, { result: number; transferSyntax: string }>();
  let maxPdu = 0;
  let pos = 68;
  while (pos + 4 <= body.length) {
    const itemType = body.readUInt8(pos);
    const len = body.readUInt16BE(pos + 2);
    if (pos + 4 + len > body.length) return null;
    const value = body.subarray(pos + 4, pos + 4 + len);
    if (itemType === 0x21 && value.length >= 4) {
      // ID, reserved, result, reserved, then the transfer syntax sub-item.
      const tsLen = value.length >= 8 ? value.readUInt16BE(6) : 0;
      const transferSyntax = value.toString('latin1', 8, 8 + tsLen).replace(/[\0 ]+$/, '');
      contexts.set(value.readUInt8(0), { result: value.readUInt8(2), transferSyntax });
    } else if (itemType === 0x50) {
      let q = 0;
      while (q + 4 <= value.length) {
        const subType = value.readUInt8(q);
        const subLen = value.readUInt16BE(q + 2);
        if (subType === 0x51 && subLen === 4 && q + 8 <= value.length) maxPdu = value.readUInt32BE(q + 4);
        q += 4 + subLen;
      }
    }
    pos += 4 + len;
  }
  return { kind: 'accept', contexts, maxPdu };
}
