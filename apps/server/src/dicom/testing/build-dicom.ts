/**
 * A tiny Part-10 writer for tests (explicit VR little endian, or implicit): exact bytes under the test's control,
 * Thai names in TIS-620 or UTF-8 included. Not for production objects (dcmjs writes those).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export type ElementValue = string | Uint8Array | number[];
/** Tag as eight hex digits → [VR, value]. Strings are written as ASCII/Latin-1 unless given as bytes. */
export type Elements = Record<string, [string, ElementValue]>;

const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT']);
export const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
export const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';

let counter = 0;
/** A unique UID under a test root (2.25 + decimal). */
export function testUid(): string {
  counter += 1;
  const n = BigInt(`0x${randomUUID().replace(/-/g, '')}`) % 10n ** 30n;
  return `2.25.${n}${counter}`;
}

function valueBytes(vr: string, value: ElementValue): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (typeof value === 'string') return Buffer.from(value, 'latin1');
  const size = vr === 'US' || vr === 'SS' || vr === 'OW' ? 2 : vr === 'FD' ? 8 : 4;
  const b = Buffer.alloc(value.length * size);
  value.forEach((v, i) => {
    if (vr === 'US' || vr === 'OW') b.writeUInt16LE(v, i * 2);
    else if (vr === 'SS') b.writeInt16LE(v, i * 2);
    else if (vr === 'UL') b.writeUInt32LE(v, i * 4);
    else if (vr === 'SL') b.writeInt32LE(v, i * 4);
    else if (vr === 'FL') b.writeFloatLE(v, i * 4);
    else if (vr === 'FD') b.writeDoubleLE(v, i * 8);
  });
  return b;
}

function pad(vr: string, b: Buffer): Buffer {
  if (b.length % 2 === 0) return b;
  const fill = vr === 'UI' || vr === 'OB' || vr === 'UN' ? 0 : 0x20;
  return Buffer.concat([b, Buffer.from([fill])]);
}

export function encodeElement(tag: string, vr: string, value: ElementValue, explicit = true): Buffer {
  const data = pad(vr, valueBytes(vr, value));
  const group = parseInt(tag.slice(0, 4), 16);
  const element = parseInt(tag.slice(4), 16);
  let header: Buffer;
  if (!explicit) {
    header = Buffer.alloc(8);
    header.writeUInt16LE(group, 0);
    header.writeUInt16LE(element, 2);
    header.writeUInt32LE(data.length, 4);
  } else if (LONG_VRS.has(vr)) {
    header = Buffer.alloc(12);
    header.writeUInt16LE(group, 0);
    header.writeUInt16LE(element, 2);
    header.write(vr, 4, 'latin1');
    header.writeUInt32LE(data.length, 8);
  } else {
    header = Buffer.alloc(8);
    header.writeUInt16LE(group, 0);
    header.writeUInt16LE(element, 2);
    header.write(vr, 4, 'latin1');
    header.writeUInt16LE(data.length, 6);
  }
  return Buffer.concat([header, data]);
}

function encodeAll(elements: Elements, explicit: boolean): Buffer {
  return Buffer.concat(
    Object.keys(elements)
      .sort()
      .map((tag) => {
        const [vr, value] = elements[tag]!;
        return encodeElement(tag, vr, value, explicit);
      }),
  );
}

export interface TestInstance {
  studyUid?: string;
  seriesUid?: string;
  sopUid?: string;
  sopClassUid?: string;
  transferSyntax?: string;
  charset?: string;
  patientName?: ElementValue;
  patientId?: string;
  accessionNumber?: string;
  studyDate?: string;
  modality?: string;
  seriesNumber?: number;
  instanceNumber?: number;
  imageOrientationPatient?: string;
  rows?: number;
  columns?: number;
  /** Pixel bytes (8-bit MONOCHROME2 when not given: a gradient). */
  pixels?: Uint8Array;
  /** No Pixel Data element (a document or structured report). */
  noPixels?: boolean;
  extra?: Elements;
  /** false writes 'DICM' at offset 0 without the 128-byte preamble. */
  preamble?: boolean;
}

/** Bytes of a complete Part-10 instance. */
export function buildInstance(t: TestInstance = {}): {
  bytes: Buffer;
  sopUid: string;
  studyUid: string;
  seriesUid: string;
} {
  const studyUid = t.studyUid ?? testUid();
  const seriesUid = t.seriesUid ?? testUid();
  const sopUid = t.sopUid ?? testUid();
  const sopClass = t.sopClassUid ?? SECONDARY_CAPTURE;
  const ts = t.transferSyntax ?? '1.2.840.10008.1.2.1';
  const rows = t.rows ?? 16;
  const cols = t.columns ?? 16;
  const pixels = t.pixels ?? Uint8Array.from({ length: rows * cols }, (_, i) => (i * 7) % 256);
  const ds: Elements = {
    '00080016': ['UI', sopClass],
    '00080018': ['UI', sopUid],
    '00080020': ['DA', t.studyDate ?? '20250102'],
    '00080030': ['TM', '101500'],
    '00080050': ['SH', t.accessionNumber ?? ''],
    '00080060': ['CS', t.modality ?? 'OT'],
    '00100010': ['PN', t.patientName ?? 'Test^Patient'],
    '00100020': ['LO', t.patientId ?? ''],
    '0020000D': ['UI', studyUid],
    '0020000E': ['UI', seriesUid],
    '00200011': ['IS', String(t.seriesNumber ?? 1)],
    '00200013': ['IS', String(t.instanceNumber ?? 1)],
    '00280002': ['US', [1]],
    '00280004': ['CS', 'MONOCHROME2'],
    '00280010': ['US', [rows]],
    '00280011': ['US', [cols]],
    '00280100': ['US', [8]],
    '00280101': ['US', [8]],
    '00280102': ['US', [7]],
    '00280103': ['US', [0]],
    ...(t.noPixels ? {} : { '7FE00010': ['OB', pixels] as [string, ElementValue] }),
    ...(t.charset ? { '00080005': ['CS', t.charset] as [string, ElementValue] } : {}),
    ...(t.imageOrientationPatient ? { '00200037': ['DS', t.imageOrientationPatient] as [string, ElementValue] } : {}),
    ...t.extra,
  };
  const metaBody = encodeAll(
    {
      '00020001': ['OB', Uint8Array.from([0, 1])],
      '00020002': ['UI', sopClass],
      '00020003': ['UI', sopUid],
      '00020010': ['UI', ts],
      '00020012': ['UI', '1.2.826.0.1.3680043.10.1.1'],
    },
    true,
  );
  const groupLength = encodeElement('00020000', 'UL', [metaBody.length]);
  const explicit = ts !== '1.2.840.10008.1.2';
  const head = t.preamble === false ? Buffer.from('DICM') : Buffer.concat([Buffer.alloc(128), Buffer.from('DICM')]);
  return { bytes: Buffer.concat([head, groupLength, metaBody, encodeAll(ds, explicit)]), sopUid, studyUid, seriesUid };
}

/** Writes bytes to a fresh temp file (what a receiver hands the archive). */
export function writeTemp(bytes: Uint8Array, dir = os.tmpdir()): string {
  const p = path.join(dir, `rangsi-test-${randomUUID()}.dcm`);
  fs.writeFileSync(p, bytes);
  return p;
}

/** Copies a file to a fresh temp file (ingest consumes its input). */
export function copyTemp(file: string, dir = os.tmpdir()): string {
  return writeTemp(fs.readFileSync(file), dir);
}
