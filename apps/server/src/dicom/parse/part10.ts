import { metaHeaderEnd } from './meta-header';
import { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION_NAME } from '../uids';

/** What the C-STORE command and the negotiated context say about an instance: enough for its file meta information. */
export interface FileMetaSource {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
  /** The calling AE title: (0002,0016) Source Application Entity Title. */
  sourceAeTitle?: string;
}

function element(group: number, elementNo: number, vr: string, value: Buffer): Buffer {
  const long = vr === 'OB';
  const head = Buffer.alloc(long ? 12 : 8);
  head.writeUInt16LE(group, 0);
  head.writeUInt16LE(elementNo, 2);
  head.write(vr, 4, 'latin1');
  if (long) head.writeUInt32LE(value.length, 8);
  else head.writeUInt16LE(value.length, 6);
  return Buffer.concat([head, value]);
}

function text(value: string, pad: '\0' | ' '): Buffer {
  const b = Buffer.from(value, 'latin1');
  return b.length % 2 === 0 ? b : Buffer.concat([b, Buffer.from(pad, 'latin1')]);
}

/**
 * The 128-byte preamble, 'DICM' and the file meta group (PS3.10 7.1), explicit VR little endian, built from the command
 * set and the negotiated transfer syntax. The data set bytes follow exactly as received.
 */
export function buildPart10Header(src: FileMetaSource): Buffer {
  const parts = [
    element(0x0002, 0x0001, 'OB', Buffer.from([0x00, 0x01])),
    element(0x0002, 0x0002, 'UI', text(src.sopClassUid, '\0')),
    element(0x0002, 0x0003, 'UI', text(src.sopInstanceUid, '\0')),
    element(0x0002, 0x0010, 'UI', text(src.transferSyntaxUid, '\0')),
    element(0x0002, 0x0012, 'UI', text(IMPLEMENTATION_CLASS_UID, '\0')),
    element(0x0002, 0x0013, 'SH', text(IMPLEMENTATION_VERSION_NAME, ' ')),
  ];
  const ae = src.sourceAeTitle?.trim();
  if (ae && /^[ -~]{1,16}$/.test(ae) && !ae.includes('\\')) parts.push(element(0x0002, 0x0016, 'AE', text(ae, ' ')));
  const body = Buffer.concat(parts);
  const groupLength = Buffer.alloc(4);
  groupLength.writeUInt32LE(body.length, 0);
  return Buffer.concat([
    Buffer.alloc(128),
    Buffer.from('DICM', 'latin1'),
    element(0x0002, 0x0000, 'UL', groupLength),
    body,
  ]);
}

/** Where the data set starts in a DICOM file: after preamble and meta group, or 0 for a bare data set (no 'DICM'). */
export function datasetOffset(file: Buffer): number {
  return metaHeaderEnd(file);
}
