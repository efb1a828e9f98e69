import { createRequire } from 'node:module';

/**
 * Writes worklist answers ourselves (little endian, implicit or explicit VR, text in the answer's character set)
 * instead of through dcmjs's naturalized form: every byte is ours to decide, Thai included, and a multi-group PN
 * ("English=ไทย") goes out exactly as written.
 */

export type Value = string | Item[];
export type Item = Map<string, Value>;

interface Attr {
  tag: number;
  vr: string;
}

/** The attributes a worklist answer can carry; anything else asked for is looked up in dcmjs's dictionary. */
const KNOWN: Record<string, Attr> = {
  SpecificCharacterSet: { tag: 0x00080005, vr: 'CS' },
  AccessionNumber: { tag: 0x00080050, vr: 'SH' },
  Modality: { tag: 0x00080060, vr: 'CS' },
  InstitutionName: { tag: 0x00080080, vr: 'LO' },
  ReferringPhysicianName: { tag: 0x00080090, vr: 'PN' },
  PatientName: { tag: 0x00100010, vr: 'PN' },
  PatientID: { tag: 0x00100020, vr: 'LO' },
  IssuerOfPatientID: { tag: 0x00100021, vr: 'LO' },
  PatientBirthDate: { tag: 0x00100030, vr: 'DA' },
  PatientSex: { tag: 0x00100040, vr: 'CS' },
  StudyInstanceUID: { tag: 0x0020000d, vr: 'UI' },
  RequestedProcedureDescription: { tag: 0x00321060, vr: 'LO' },
  ScheduledStationAETitle: { tag: 0x00400001, vr: 'AE' },
  ScheduledProcedureStepStartDate: { tag: 0x00400002, vr: 'DA' },
  ScheduledProcedureStepStartTime: { tag: 0x00400003, vr: 'TM' },
  ScheduledPerformingPhysicianName: { tag: 0x00400006, vr: 'PN' },
  ScheduledProcedureStepDescription: { tag: 0x00400007, vr: 'LO' },
  ScheduledProcedureStepID: { tag: 0x00400009, vr: 'SH' },
  ScheduledProcedureStepStatus: { tag: 0x00400020, vr: 'CS' },
  ScheduledProcedureStepSequence: { tag: 0x00400100, vr: 'SQ' },
  RequestedProcedureID: { tag: 0x00401001, vr: 'SH' },
};

const require = createRequire(import.meta.url);
let dictionary: Record<string, { tag: string; vr: string } | undefined> | null = null;

/** Tag and VR of a keyword: ours first, then dcmjs's dictionary; null for private or unknown keys (omitted). */
export function attributeOf(keyword: string): Attr | null {
  const known = KNOWN[keyword];
  if (known) return known;
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(keyword)) return null;
  dictionary ??= (require('dcmjs') as { data: { DicomMetaDictionary: { nameMap: typeof dictionary } } }).data
    .DicomMetaDictionary.nameMap;
  const entry = dictionary?.[keyword];
  const m = entry ? /^\(([0-9A-F]{4}),([0-9A-F]{4})\)$/i.exec(entry.tag) : null;
  if (!entry || !m) return null;
  const vr = entry.vr.split(/[ |/]/)[0] ?? 'UN';
  return { tag: ((parseInt(m[1]!, 16) << 16) | parseInt(m[2]!, 16)) >>> 0, vr: /^[A-Z]{2}$/.test(vr) ? vr : 'UN' };
}

const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT', 'SV', 'UV']);
const TEXT_VRS = new Set(['SH', 'LO', 'PN', 'ST', 'LT', 'UT', 'UC']);
/** Maximum characters per value (per component group for PN). */
const MAX_CHARS: Record<string, number> = {
  AE: 16,
  CS: 16,
  SH: 16,
  LO: 64,
  PN: 64,
  DA: 8,
  TM: 16,
  UI: 64,
  ST: 1024,
  LT: 10240,
};

/** Text VRs that hold one value, backslashes included; in every other VR a backslash separates values. */
const SINGLE_VALUED = new Set(['ST', 'LT', 'UT']);

/** Lengths apply to each value (PS3.5 6.2: ModalitiesInStudy `CT\MR\RTDOSE` is three CS of 16), and per PN group. */
function clip(vr: string, value: string): string {
  const max = MAX_CHARS[vr];
  if (!max) return value;
  const cut = (s: string) => Array.from(s).slice(0, max).join('');
  const one = (v: string) => (vr === 'PN' ? v.split('=').map(cut).join('=') : cut(v));
  return SINGLE_VALUED.has(vr) ? cut(value) : value.split('\\').map(one).join('\\');
}

/** Binary unsigned integers (Rows, Columns): bytes per value; a value out of range or not a number empties it. */
const UNSIGNED_BYTES: Record<string, number> = { US: 2, UL: 4 };

function unsignedBytes(vr: string, value: string): Buffer {
  const size = UNSIGNED_BYTES[vr]!;
  const values = value === '' ? [] : value.split('\\').map((v) => Number(v.trim()));
  if (values.some((n) => !Number.isInteger(n) || n < 0 || n >= 2 ** (8 * size))) return Buffer.alloc(0);
  const b = Buffer.alloc(values.length * size);
  values.forEach((n, i) => (size === 2 ? b.writeUInt16LE(n, i * 2) : b.writeUInt32LE(n, i * 4)));
  return b;
}

/** How text VRs become bytes: the answer's character set (ae-character-sets.ts); UTF-8 for ISO_IR 192. */
export type TextBytes = (text: string) => Buffer;
const utf8: TextBytes = (text) => Buffer.from(text, 'utf8');

function valueBytes(vr: string, value: string, encodeText: TextBytes): Buffer {
  if (value === '') return Buffer.alloc(0);
  const b = TEXT_VRS.has(vr) ? encodeText(clip(vr, value)) : Buffer.from(clip(vr, value), 'latin1');
  if (b.length % 2 === 0) return b;
  return Buffer.concat([b, Buffer.from(vr === 'UI' ? [0x00] : [0x20])]);
}

function header(tag: number, vr: string, length: number, explicit: boolean): Buffer {
  if (!explicit) {
    const h = Buffer.alloc(8);
    h.writeUInt16LE(tag >>> 16, 0);
    h.writeUInt16LE(tag & 0xffff, 2);
    h.writeUInt32LE(length, 4);
    return h;
  }
  const long = LONG_VRS.has(vr);
  const h = Buffer.alloc(long ? 12 : 8);
  h.writeUInt16LE(tag >>> 16, 0);
  h.writeUInt16LE(tag & 0xffff, 2);
  h.write(vr, 4, 'latin1');
  if (long) h.writeUInt32LE(length, 8);
  else h.writeUInt16LE(length, 6);
  return h;
}

const ITEM = Buffer.from([0xfe, 0xff, 0x00, 0xe0, 0xff, 0xff, 0xff, 0xff]);
const ITEM_END = Buffer.from([0xfe, 0xff, 0x0d, 0xe0, 0x00, 0x00, 0x00, 0x00]);
const SEQ_END = Buffer.from([0xfe, 0xff, 0xdd, 0xe0, 0x00, 0x00, 0x00, 0x00]);

/** Encodes an item (keyword → value) in ascending tag order; unknown keywords are skipped. */
export function encodeItem(item: Item, explicit: boolean, encodeText: TextBytes = utf8): Buffer {
  const entries: { attr: Attr; value: Value }[] = [];
  for (const [keyword, value] of item) {
    const attr = attributeOf(keyword);
    if (attr) entries.push({ attr, value });
  }
  entries.sort((a, b) => a.attr.tag - b.attr.tag);
  const out: Buffer[] = [];
  for (const { attr, value } of entries) {
    if (attr.vr === 'SQ' || Array.isArray(value)) {
      const items = Array.isArray(value) ? value : [];
      out.push(header(attr.tag, 'SQ', 0xffffffff, explicit));
      for (const it of items) out.push(ITEM, encodeItem(it, explicit, encodeText), ITEM_END);
      out.push(SEQ_END);
      continue;
    }
    // Values we do not hold (other binary VRs) are returned empty: zero length is valid for any VR.
    const bytes =
      TEXT_VRS.has(attr.vr) || ['AE', 'CS', 'DA', 'TM', 'DT', 'UI', 'AS', 'DS', 'IS'].includes(attr.vr)
        ? valueBytes(attr.vr, value, encodeText)
        : attr.vr in UNSIGNED_BYTES
          ? unsignedBytes(attr.vr, value)
          : Buffer.alloc(0);
    out.push(header(attr.tag, attr.vr, bytes.length, explicit), bytes);
  }
  return Buffer.concat(out);
}

/**
 * The answer for one match: exactly the keys the query asked for (values we hold, else empty), plus
 * SpecificCharacterSet. An empty ScheduledProcedureStepSequence in the query returns the whole step.
 */
export function projectAnswer(full: Item, sps: Item, returnKeys: string[], spsReturnKeys: string[] | null): Item {
  const out: Item = new Map([['SpecificCharacterSet', 'ISO_IR 192']]);
  for (const key of returnKeys) {
    if (key === 'ScheduledProcedureStepSequence') {
      const item: Item =
        spsReturnKeys === null ? new Map(sps) : new Map(spsReturnKeys.map((k) => [k, sps.get(k) ?? emptyOf(k)]));
      out.set(key, [item]);
      continue;
    }
    out.set(key, full.get(key) ?? emptyOf(key));
  }
  return out;
}

function emptyOf(keyword: string): Value {
  return attributeOf(keyword)?.vr === 'SQ' ? [] : '';
}
