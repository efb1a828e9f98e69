/**
 * A DICOMDIR writer (PS3.10 §8, PS3.3 Annex F): the Basic Directory IOD as a Part-10 file in explicit VR little
 * endian, one PATIENT → STUDY → SERIES → instance hierarchy of directory records. dcmjs has no API for it, so it is
 * written in two passes: the records are encoded with zero offsets, their byte positions are then known (every offset
 * is a fixed-size UL), and the offsets are patched in place.
 */
import { randomUUID } from 'node:crypto';
import type { DicomJson } from '../../dicom/parse/dicom-json';
import { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION_NAME } from '../../dicom/uids';
import { instanceRecordKeys, type RecordKey } from './instance-record-keys';

export const MEDIA_STORAGE_DIRECTORY_STORAGE = '1.2.840.10008.1.3.10';
const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

export interface DicomdirInstance {
  /** Path components under the file set root, e.g. ['DICOM', 'ST000001', 'SE000001', 'IM000001']. */
  fileId: string[];
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
  instanceNumber: number | null;
  /** The file's attributes its record's own keys come from (SR, RT, waveform…: instance-record-keys.ts). */
  attributes?: DicomJson | null;
}

export interface DicomdirSeries {
  seriesInstanceUid: string;
  modality: string | null;
  seriesNumber: number | null;
  seriesDescription?: string | null;
  instances: DicomdirInstance[];
}

export interface DicomdirStudy {
  studyInstanceUid: string;
  studyDate: string | null;
  studyTime: string | null;
  studyDescription: string | null;
  studyId: string | null;
  accessionNumber: string | null;
  series: DicomdirSeries[];
}

export interface DicomdirPatient {
  patientId: string | null;
  patientName: string | null;
  patientBirthDate?: string | null;
  patientSex?: string | null;
  studies: DicomdirStudy[];
}

export interface DicomdirFileSet {
  /** File-set ID (CS, ≤ 16 characters); cleaned to what CS allows. */
  fileSetId: string;
  patients: DicomdirPatient[];
  /** Media Storage SOP Instance UID of the DICOMDIR itself; a fresh 2.25 UID when not given. */
  instanceUid?: string;
  /** File ID of a UTF-8 text file in the file set that describes it (PS3.3 F.2.2.1: File-set Descriptor File). */
  descriptorFileId?: string[];
}

/** One component of a Referenced File ID: 1–8 characters of A–Z, 0–9 and underscore (PS3.10 §8.2, PS3.12 Annex F). */
export const FILE_ID_COMPONENT = /^[A-Z0-9_]{1,8}$/;

/** A numbered file-ID component: a two-letter prefix and six digits, e.g. fileIdComponent('IM', 12) = 'IM000012'. */
export function fileIdComponent(prefix: string, n: number): string {
  if (!/^[A-Z]{2}$/.test(prefix) || !Number.isInteger(n) || n < 0 || n > 999_999)
    throw new RangeError(`file ID component ${prefix}${n}`);
  return `${prefix}${String(n).padStart(6, '0')}`;
}

/** A fresh UID under the UUID root 2.25 (PS3.5 B.2). */
export function uuidUid(): string {
  return `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`).toString()}`;
}

/** The directory record type an instance gets, from its SOP class (PS3.3 F.5); images and anything unknown are IMAGE. */
export function recordTypeOf(sopClassUid: string): string {
  const c = sopClassUid;
  const storage = '1.2.840.10008.5.1.4.1.1.';
  if (!c.startsWith(storage)) return 'IMAGE';
  const rest = c.slice(storage.length);
  if (rest === '88.59') return 'KEY OBJECT DOC';
  if (rest.startsWith('88.')) return 'SR DOCUMENT';
  if (rest.startsWith('11.')) return 'PRESENTATION';
  if (rest.startsWith('9.')) return 'WAVEFORM';
  if (rest.startsWith('104.')) return 'ENCAP DOC';
  if (rest === '66') return 'RAW DATA';
  if (rest === '66.1' || rest === '66.3') return 'REGISTRATION';
  if (rest === '66.2') return 'FIDUCIAL';
  // Segmentation is an image IOD: PS3.3 F.5 has no record type of its own for it (dcmmkdir writes IMAGE too).
  if (rest === '481.2') return 'RT DOSE';
  if (rest === '481.3') return 'RT STRUCTURE SET';
  if (rest === '481.4' || rest === '481.6' || rest === '481.7') return 'RT TREAT RECORD';
  if (rest === '481.5' || rest === '481.8') return 'RT PLAN';
  return 'IMAGE';
}

// ---- element encoding (explicit VR little endian) ---------------------------------------------

type Vr =
  'AE' | 'CS' | 'DA' | 'DT' | 'LO' | 'PN' | 'SH' | 'ST' | 'TM' | 'UC' | 'UI' | 'UL' | 'UR' | 'US' | 'IS' | 'OB' | 'SQ';

interface El {
  tag: number;
  vr: Vr;
  value: Buffer;
}

const LONG_HEADER_VRS = new Set<string>(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN', 'UC', 'UR', 'OD', 'OL', 'OV']);
const tagOf = (group: number, element: number) => ((group << 16) | element) >>> 0;

function header(tag: number, vr: string, length: number): Buffer {
  const long = LONG_HEADER_VRS.has(vr);
  const h = Buffer.alloc(long ? 12 : 8);
  h.writeUInt16LE(tag >>> 16, 0);
  h.writeUInt16LE(tag & 0xffff, 2);
  h.write(vr, 4, 'latin1');
  if (long) h.writeUInt32LE(length, 8);
  else h.writeUInt16LE(length, 6);
  return h;
}

function encode(el: El): Buffer {
  if (el.value.length % 2 !== 0) throw new Error(`odd length value for ${el.tag.toString(16)}`);
  if (!LONG_HEADER_VRS.has(el.vr) && el.value.length > 0xffff)
    throw new Error(`value too long for ${el.tag.toString(16)}`);
  return Buffer.concat([header(el.tag, el.vr, el.value.length), el.value]);
}

/** Text value padded to even length: UI with NUL, everything else with a space. */
function text(vr: Vr, value: string): Buffer {
  const b = Buffer.from(value, /[^\x20-\x7e]/.test(value) ? 'utf8' : 'latin1');
  if (b.length % 2 === 0) return b;
  return Buffer.concat([b, Buffer.from(vr === 'UI' ? [0] : [0x20])]);
}

const ul = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0, 0);
  return b;
};
const us = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n, 0);
  return b;
};

/** Strips what no single-valued DICOM string may hold: backslashes and control characters (ESC kept out too). */
function clean(value: string | null | undefined): string {
  return (value ?? '').replace(/[\\\x00-\x1f\x7f]/g, ' ').trim();
}

/** A CS value: upper-case A–Z, 0–9, space and underscore, at most 16 characters. */
export function codeString(value: string | null | undefined, max = 16): string {
  return clean(value)
    .toUpperCase()
    .replace(/[^A-Z0-9 _]/g, '_')
    .slice(0, max)
    .trim();
}

const isDate = (v: string) => /^\d{8}$/.test(v);
const isTime = (v: string) => /^\d{2}(\d{2}(\d{2}(\.\d{1,6})?)?)?$/.test(v);

// ---- records --------------------------------------------------------------------------------

interface Rec {
  type: string;
  keys: El[];
  children: Rec[];
}

function str(tag: number, vr: Vr, value: string): El {
  return { tag, vr, value: text(vr, value) };
}

function keysWithCharset(keys: El[], values: string[]): El[] {
  // Specific Character Set (0008,0005) is Type 1C in a record: present when a key uses more than the default repertoire.
  if (values.some((v) => /[^\x20-\x7e]/.test(v))) keys.push(str(tagOf(0x0008, 0x0005), 'CS', 'ISO_IR 192'));
  return keys;
}

function patientRecord(p: DicomdirPatient): Rec {
  const id = clean(p.patientId) || 'UNKNOWN';
  const name = clean(p.patientName);
  const keys: El[] = [str(tagOf(0x0010, 0x0010), 'PN', name), str(tagOf(0x0010, 0x0020), 'LO', id)];
  const birth = clean(p.patientBirthDate);
  if (isDate(birth)) keys.push(str(tagOf(0x0010, 0x0030), 'DA', birth));
  const sex = codeString(p.patientSex);
  if (sex === 'M' || sex === 'F' || sex === 'O') keys.push(str(tagOf(0x0010, 0x0040), 'CS', sex));
  return { type: 'PATIENT', keys: keysWithCharset(keys, [name, id]), children: p.studies.map(studyRecord) };
}

function studyRecord(s: DicomdirStudy, index: number): Rec {
  const date = clean(s.studyDate);
  const time = clean(s.studyTime);
  const description = clean(s.studyDescription);
  const accession = clean(s.accessionNumber);
  const studyId = clean(s.studyId) || String(index + 1);
  const keys: El[] = [
    // Type 1 keys the files may lack get the placeholder dcmmkdir's "invent" mode would write.
    str(tagOf(0x0008, 0x0020), 'DA', isDate(date) ? date : '19000101'),
    str(tagOf(0x0008, 0x0030), 'TM', isTime(time) ? time : '000000'),
    str(tagOf(0x0008, 0x0050), 'SH', accession),
    str(tagOf(0x0008, 0x1030), 'LO', description),
    str(tagOf(0x0020, 0x000d), 'UI', s.studyInstanceUid),
    str(tagOf(0x0020, 0x0010), 'SH', studyId),
  ];
  return {
    type: 'STUDY',
    keys: keysWithCharset(keys, [description, accession, studyId]),
    children: s.series.map(seriesRecord),
  };
}

function seriesRecord(s: DicomdirSeries, index: number): Rec {
  const description = clean(s.seriesDescription);
  const keys: El[] = [
    str(tagOf(0x0008, 0x0060), 'CS', codeString(s.modality) || 'OT'),
    ...(description ? [str(tagOf(0x0008, 0x103e), 'LO', description)] : []),
    str(tagOf(0x0020, 0x000e), 'UI', s.seriesInstanceUid),
    str(tagOf(0x0020, 0x0011), 'IS', String(s.seriesNumber ?? index + 1)),
  ];
  return { type: 'SERIES', keys: keysWithCharset(keys, [description]), children: s.instances.map(instanceRecord) };
}

function instanceRecord(i: DicomdirInstance, index: number): Rec {
  if (i.fileId.length === 0 || i.fileId.length > 8 || !i.fileId.every((c) => FILE_ID_COMPONENT.test(c))) {
    throw new Error(`invalid referenced file ID ${i.fileId.join('\\')}`);
  }
  const type = recordTypeOf(i.sopClassUid);
  const own = instanceRecordKeys(type, i.attributes ?? null);
  const keys: El[] = [
    str(tagOf(0x0004, 0x1500), 'CS', i.fileId.join('\\')),
    str(tagOf(0x0004, 0x1510), 'UI', i.sopClassUid),
    str(tagOf(0x0004, 0x1511), 'UI', i.sopInstanceUid),
    str(tagOf(0x0004, 0x1512), 'UI', i.transferSyntaxUid),
    str(tagOf(0x0020, 0x0013), 'IS', String(i.instanceNumber ?? index + 1)),
    ...own.map(keyElement),
  ];
  return { type, keys: keysWithCharset(keys, own.flatMap(keyTexts)), children: [] };
}

/** A record key as an element: text as it is, a sequence as items of explicit length (the rest of the file's style). */
function keyElement(k: RecordKey): El {
  const tag = Number.parseInt(k.tag, 16);
  if (k.vr !== 'SQ') return str(tag, k.vr, k.value);
  const items = k.items.map((keys) => {
    const body = Buffer.concat(
      keys
        .map(keyElement)
        .sort((a, b) => a.tag - b.tag)
        .map(encode),
    );
    const head = Buffer.alloc(8);
    head.writeUInt16LE(0xfffe, 0);
    head.writeUInt16LE(0xe000, 2);
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body]);
  });
  return { tag, vr: 'SQ', value: Buffer.concat(items) };
}

const keyTexts = (k: RecordKey): string[] => (k.vr === 'SQ' ? k.items.flat().flatMap(keyTexts) : [k.value]);

const NEXT = tagOf(0x0004, 0x1400);
const IN_USE = tagOf(0x0004, 0x1410);
const LOWER = tagOf(0x0004, 0x1420);
const TYPE = tagOf(0x0004, 0x1430);

interface Encoded {
  rec: Rec;
  bytes: Buffer;
  /** Where the values of (0004,1400) and (0004,1420) sit inside `bytes`. */
  nextAt: number;
  lowerAt: number;
  /** Absolute offset of the item tag in the file (pass two). */
  offset: number;
  next: Encoded | null;
  lower: Encoded | null;
}

/** Pass one: one item per record, offsets left at zero and their positions noted. */
function encodeRecord(rec: Rec): Encoded {
  const own: El[] = [
    { tag: NEXT, vr: 'UL', value: ul(0) },
    { tag: IN_USE, vr: 'US', value: us(0xffff) },
    { tag: LOWER, vr: 'UL', value: ul(0) },
    str(TYPE, 'CS', rec.type),
  ];
  const elements = [...own, ...rec.keys].sort((a, b) => a.tag - b.tag);
  let pos = 8;
  let nextAt = -1;
  let lowerAt = -1;
  const parts: Buffer[] = [];
  for (const el of elements) {
    const b = encode(el);
    if (el.tag === NEXT) nextAt = pos + 8;
    if (el.tag === LOWER) lowerAt = pos + 8;
    parts.push(b);
    pos += b.length;
  }
  const body = Buffer.concat(parts);
  const item = Buffer.alloc(8);
  item.writeUInt16LE(0xfffe, 0);
  item.writeUInt16LE(0xe000, 2);
  item.writeUInt32LE(body.length, 4);
  return { rec, bytes: Buffer.concat([item, body]), nextAt, lowerAt, offset: 0, next: null, lower: null };
}

/** Records depth-first (a record, then its lower level, then its next sibling), linked as PS3.3 F.3.2.2 describes. */
function flatten(recs: Rec[], out: Encoded[]): Encoded | null {
  let first: Encoded | null = null;
  let previous: Encoded | null = null;
  for (const rec of recs) {
    const e = encodeRecord(rec);
    out.push(e);
    e.lower = flatten(rec.children, out);
    if (previous) previous.next = e;
    else first = e;
    previous = e;
  }
  return first;
}

function metaHeader(instanceUid: string): Buffer {
  const body = Buffer.concat([
    encode({ tag: tagOf(0x0002, 0x0001), vr: 'OB', value: Buffer.from([0x00, 0x01]) }),
    encode(str(tagOf(0x0002, 0x0002), 'UI', MEDIA_STORAGE_DIRECTORY_STORAGE)),
    encode(str(tagOf(0x0002, 0x0003), 'UI', instanceUid)),
    encode(str(tagOf(0x0002, 0x0010), 'UI', EXPLICIT_VR_LITTLE_ENDIAN)),
    encode(str(tagOf(0x0002, 0x0012), 'UI', IMPLEMENTATION_CLASS_UID)),
    encode(str(tagOf(0x0002, 0x0013), 'SH', IMPLEMENTATION_VERSION_NAME)),
  ]);
  return Buffer.concat([
    Buffer.alloc(128),
    Buffer.from('DICM', 'latin1'),
    encode({ tag: tagOf(0x0002, 0x0000), vr: 'UL', value: ul(body.length) }),
    body,
  ]);
}

/** The bytes of a DICOMDIR for the file set: offsets counted from the first byte of the file (the preamble). */
export function buildDicomdir(fileSet: DicomdirFileSet): Buffer {
  const records: Encoded[] = [];
  const root = flatten(fileSet.patients.map(patientRecord), records);
  let lastRoot = root;
  while (lastRoot?.next) lastRoot = lastRoot.next;

  const meta = metaHeader(fileSet.instanceUid ?? uuidUid());
  const fileSetId = codeString(fileSet.fileSetId);
  const sequenceLength = records.reduce((n, r) => n + r.bytes.length, 0);
  const identification = [encode(str(tagOf(0x0004, 0x1130), 'CS', fileSetId))];
  if (fileSet.descriptorFileId) {
    if (!fileSet.descriptorFileId.every((c) => FILE_ID_COMPONENT.test(c)))
      throw new Error('invalid descriptor file ID');
    identification.push(
      encode(str(tagOf(0x0004, 0x1141), 'CS', fileSet.descriptorFileId.join('\\'))),
      encode(str(tagOf(0x0004, 0x1142), 'CS', 'ISO_IR 192')),
    );
  }
  const head = [
    ...identification,
    encode({ tag: tagOf(0x0004, 0x1200), vr: 'UL', value: ul(0) }),
    encode({ tag: tagOf(0x0004, 0x1202), vr: 'UL', value: ul(0) }),
    encode({ tag: tagOf(0x0004, 0x1212), vr: 'US', value: us(0) }),
  ];
  const sq = Buffer.alloc(12);
  sq.writeUInt16LE(0x0004, 0);
  sq.writeUInt16LE(0x1220, 2);
  sq.write('SQ', 4, 'latin1');
  sq.writeUInt32LE(sequenceLength, 8);
  const dataset = Buffer.concat([...head, sq]);

  // Pass two: every record's absolute position, then the offsets patched in place.
  let at = meta.length + dataset.length;
  for (const r of records) {
    r.offset = at;
    at += r.bytes.length;
  }
  for (const r of records) {
    r.bytes.writeUInt32LE(r.next?.offset ?? 0, r.nextAt);
    r.bytes.writeUInt32LE(r.lower?.offset ?? 0, r.lowerAt);
  }
  // (0004,1200) and (0004,1202) values: after the file-set identification and each one's 8-byte header.
  const firstAt = identification.reduce((n, b) => n + b.length, 0) + 8;
  const lastAt = firstAt + 12;
  dataset.writeUInt32LE(root?.offset ?? 0, firstAt);
  dataset.writeUInt32LE(lastRoot?.offset ?? 0, lastAt);
  return Buffer.concat([meta, dataset, ...records.map((r) => r.bytes)]);
}
