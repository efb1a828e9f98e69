import type { IdentityValues } from './study-identity';

/** How a data set is encoded: every transfer syntax but implicit VR little endian and explicit big endian is explicit LE. */
export interface DatasetFormat {
  littleEndian: boolean;
  explicit: boolean;
}

/** The start of a data set with the identity patched in; everything from `consumed` on is sent as it is. */
export interface PatchedHead {
  head: Buffer;
  consumed: number;
}

const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT', 'SV', 'UV']);
const SPECIFIC_CHARACTER_SET = 0x00080005;
/** Past this tag the top level holds nothing we patch: the rest of the file (pixel data above all) is never read. */
const LAST_PATCHED = 0x00100040;
const ITEM = 0xfffee000;
const ITEM_END = 0xfffee00d;
const SEQUENCE_END = 0xfffee0dd;
const UNDEFINED = 0xffffffff;
const MAX_DEPTH = 32;

interface Target {
  tag: number;
  vr: string;
  value: string;
  /** Characters the VR allows (PS3.5 6.2); the exam's values are cut there rather than make an invalid element. */
  max: number;
}

interface TopElement {
  tag: number;
  start: number;
  end: number;
  valueStart: number;
  /** As written (explicit VR); '' in implicit VR. */
  vr: string;
}

/**
 * The data set's first elements with PatientName, PatientID, IssuerOfPatientID, PatientBirthDate, PatientSex and
 * AccessionNumber replaced (inserted where absent and the new value is not empty), group lengths kept true, every other
 * byte copied. 'more': the bytes given end before the patched attributes do (give more, or the whole data set with
 * `whole`); 'bad': not a data set this can walk.
 */
export function patchDataset(
  ds: Buffer,
  format: DatasetFormat,
  values: IdentityValues,
  whole: boolean,
): PatchedHead | 'more' | 'bad' {
  const walked = walkTop(ds, format, whole);
  if (typeof walked === 'string') return walked;
  const charsetElement = walked.elements.find((e) => e.tag === SPECIFIC_CHARACTER_SET);
  const charset = charsetElement ? ds.toString('latin1', charsetElement.valueStart, charsetElement.end).trim() : '';
  const encoding = encodingFor(charset, values, () => undeclaredHighBytes(ds, walked.elements));
  const targets: Target[] = [
    { tag: 0x00080050, vr: 'SH', value: values.accessionNumber, max: 16 },
    { tag: 0x00100010, vr: 'PN', value: encoding.name(values.patientName), max: 64 * 3 + 2 },
    { tag: 0x00100020, vr: 'LO', value: values.patientId, max: 64 },
    { tag: 0x00100021, vr: 'LO', value: values.issuerOfPatientId, max: 64 },
    { tag: 0x00100030, vr: 'DA', value: values.patientBirthDate, max: 8 },
    { tag: 0x00100040, vr: 'CS', value: values.patientSex, max: 16 },
  ];
  if (encoding.charset !== null)
    targets.unshift({ tag: SPECIFIC_CHARACTER_SET, vr: 'CS', value: encoding.charset, max: 64 });

  const out: Buffer[] = [];
  let outLength = 0;
  const push = (b: Buffer) => {
    out.push(b);
    outLength += b.length;
  };
  const groupDelta = new Map<number, number>();
  const groupLengthAt = new Map<number, number>();
  const addDelta = (tag: number, n: number) => groupDelta.set(tag >>> 16, (groupDelta.get(tag >>> 16) ?? 0) + n);
  const encodeTarget = (t: Target) => encodeElement(t.tag, t.vr, encoding.bytes(cut(t.value, t.max)), format);
  let next = 0;
  for (const el of walked.elements) {
    while (next < targets.length && targets[next]!.tag < el.tag) {
      const t = targets[next++]!;
      if (!t.value) continue;
      const b = encodeTarget(t);
      addDelta(t.tag, b.length);
      push(b);
    }
    if (next < targets.length && targets[next]!.tag === el.tag) {
      const b = encodeTarget(targets[next++]!);
      addDelta(el.tag, b.length - (el.end - el.start));
      push(b);
      continue;
    }
    if ((el.tag & 0xffff) === 0 && el.end - el.valueStart === 4)
      groupLengthAt.set(el.tag >>> 16, outLength + el.valueStart - el.start);
    push(ds.subarray(el.start, el.end));
  }
  for (const t of targets.slice(next)) {
    if (!t.value) continue;
    const b = encodeTarget(t);
    addDelta(t.tag, b.length);
    push(b);
  }
  const head = Buffer.concat(out, outLength);
  for (const [group, at] of groupLengthAt) {
    const delta = groupDelta.get(group);
    if (!delta) continue;
    if (format.littleEndian) head.writeUInt32LE(head.readUInt32LE(at) + delta, at);
    else head.writeUInt32BE(head.readUInt32BE(at) + delta, at);
  }
  return { head, consumed: walked.stop };
}

/**
 * How the new text is written in the file's character set. UTF-8 takes anything; a file that declares none (or the
 * default repertoire) is declared ISO_IR 192 when a Thai name goes in, unless its own text already holds bytes above
 * ASCII — an undeclared TIS-620 modality's (IO20) — which would then be misread; TIS-620 takes Thai; in any other set,
 * or such an undeclared one, a name group that is not ASCII is left out (docs/decisions/io32-identity-character-sets.md).
 */
function encodingFor(
  charset: string,
  values: IdentityValues,
  undeclaredText: () => boolean,
): { charset: string | null; name(pn: string): string; bytes(s: string): Buffer } {
  const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);
  const all = Object.values(values).join('');
  const utf8 = { name: (pn: string) => pn, bytes: (s: string) => Buffer.from(s, 'utf8') };
  if (ascii(all)) return { charset: null, ...utf8 };
  if ((charset === '' || charset === 'ISO_IR 6') && !undeclaredText()) return { charset: 'ISO_IR 192', ...utf8 };
  if (charset === 'ISO_IR 192') return { charset: null, ...utf8 };
  const thai = charset === 'ISO_IR 166';
  const fits = (s: string) => ascii(s) || (thai && [...s].every((c) => ascii(c) || isThai(c)));
  return {
    charset: null,
    name: (pn) => {
      const groups = pn.split('=').map((g) => (fits(g) ? g : ''));
      return groups.join('=').replace(/=+$/, '');
    },
    bytes: (s) => (thai ? tis620(s) : Buffer.from([...s].filter(ascii).join(''), 'latin1')),
  };
}

const PATCHED_TAGS = new Set([0x00080005, 0x00080050, 0x00100010, 0x00100020, 0x00100021, 0x00100030, 0x00100040]);

const TEXT_VRS = new Set(['SH', 'LO', 'ST', 'LT', 'UT', 'PN', 'UC']);
/** Text attributes of groups 0008 and 0010 that an implicit VR file may hold before PatientSex (names, descriptions). */
const IMPLICIT_TEXT_TAGS = new Set([
  0x00080070, 0x00080080, 0x00080081, 0x00080090, 0x00081010, 0x00081030, 0x0008103e, 0x00081040, 0x00081048,
  0x00081050, 0x00081060, 0x00081070, 0x00081090,
]);

/** Whether the text attributes kept as they are hold a byte above ASCII: text in a set the file does not name. */
function undeclaredHighBytes(ds: Buffer, elements: readonly TopElement[]): boolean {
  for (const el of elements) {
    if (PATCHED_TAGS.has(el.tag)) continue;
    if (el.vr ? !TEXT_VRS.has(el.vr) : !IMPLICIT_TEXT_TAGS.has(el.tag)) continue;
    for (let i = el.valueStart; i < el.end; i++) if (ds[i]! >= 0x80) return true;
  }
  return false;
}

const isThai = (c: string) => {
  const code = c.codePointAt(0)!;
  return code >= 0x0e01 && code <= 0x0e5b;
};

/** TIS-620 (ISO_IR 166): Thai U+0E01–U+0E5B at 0xA1–0xFB, ASCII as itself. */
function tis620(s: string): Buffer {
  return Buffer.from(
    [...s].flatMap((c) => {
      const code = c.codePointAt(0)!;
      if (code < 0x80) return [code];
      return isThai(c) ? [code - 0x0e01 + 0xa1] : [];
    }),
  );
}

/** At most `max` characters, never half a surrogate pair. */
function cut(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : chars.slice(0, max).join('');
}

function encodeElement(tag: number, vr: string, value: Buffer, f: DatasetFormat): Buffer {
  const padded = value.length % 2 ? Buffer.concat([value, Buffer.from([0x20])]) : value;
  const header = Buffer.alloc(8);
  const u16 = (v: number, at: number) => (f.littleEndian ? header.writeUInt16LE(v, at) : header.writeUInt16BE(v, at));
  u16(tag >>> 16, 0);
  u16(tag & 0xffff, 2);
  if (f.explicit) {
    header.write(vr, 4, 'latin1');
    u16(padded.length, 6);
  } else {
    header.writeUInt32LE(padded.length, 4);
  }
  return Buffer.concat([header, padded]);
}

function readTag(b: Buffer, pos: number, le: boolean): number {
  return le
    ? ((b.readUInt16LE(pos) << 16) | b.readUInt16LE(pos + 2)) >>> 0
    : ((b.readUInt16BE(pos) << 16) | b.readUInt16BE(pos + 2)) >>> 0;
}

const u32 = (b: Buffer, pos: number, le: boolean) => (le ? b.readUInt32LE(pos) : b.readUInt32BE(pos));

/** The top-level elements up to the last patched tag, and where the first one after it starts. */
function walkTop(
  ds: Buffer,
  f: DatasetFormat,
  whole: boolean,
): { elements: TopElement[]; stop: number } | 'more' | 'bad' {
  const elements: TopElement[] = [];
  let pos = 0;
  while (pos < ds.length) {
    if (pos + 8 > ds.length) return whole ? 'bad' : 'more';
    const tag = readTag(ds, pos, f.littleEndian);
    if (tag > LAST_PATCHED) return { elements, stop: pos };
    const el = elementAt(ds, pos, f, 0);
    if (typeof el === 'string') return el === 'more' && !whole ? 'more' : 'bad';
    elements.push({ tag, start: pos, end: el.end, valueStart: el.valueStart, vr: el.vr });
    pos = el.end;
  }
  return whole ? { elements, stop: pos } : 'more';
}

/** One element's value start and end; an undefined length is walked item by item to its delimiter. */
function elementAt(
  b: Buffer,
  pos: number,
  f: DatasetFormat,
  depth: number,
): { valueStart: number; end: number; vr: string } | 'more' | 'bad' {
  if (pos + 8 > b.length) return 'more';
  const tag = readTag(b, pos, f.littleEndian);
  let valueStart: number;
  let length: number;
  let vr = '';
  if (!f.explicit || tag >>> 16 === 0xfffe) {
    valueStart = pos + 8;
    length = u32(b, pos + 4, f.littleEndian);
  } else {
    vr = b.toString('latin1', pos + 4, pos + 6);
    if (LONG_VRS.has(vr)) {
      if (pos + 12 > b.length) return 'more';
      valueStart = pos + 12;
      length = u32(b, pos + 8, f.littleEndian);
    } else if (/^[A-Z]{2}$/.test(vr)) {
      valueStart = pos + 8;
      length = f.littleEndian ? b.readUInt16LE(pos + 6) : b.readUInt16BE(pos + 6);
    } else {
      return 'bad';
    }
  }
  if (length !== UNDEFINED) {
    const end = valueStart + length;
    return end > b.length ? 'more' : { valueStart, end, vr };
  }
  if (depth >= MAX_DEPTH) return 'bad';
  // UN of undefined length holds implicit VR little endian (PS3.5 6.2.2).
  const inner = vr === 'UN' ? { littleEndian: true, explicit: false } : f;
  const end = itemsEnd(b, valueStart, inner, depth + 1);
  return typeof end === 'string' ? end : { valueStart, end, vr };
}

function itemsEnd(b: Buffer, start: number, f: DatasetFormat, depth: number): number | 'more' | 'bad' {
  let pos = start;
  for (;;) {
    if (pos + 8 > b.length) return 'more';
    const tag = readTag(b, pos, f.littleEndian);
    const length = u32(b, pos + 4, f.littleEndian);
    if (tag === SEQUENCE_END) return pos + 8;
    if (tag !== ITEM) return 'bad';
    pos += 8;
    if (length !== UNDEFINED) {
      pos += length;
      if (pos > b.length) return 'more';
      continue;
    }
    for (;;) {
      if (pos + 8 > b.length) return 'more';
      if (readTag(b, pos, f.littleEndian) === ITEM_END) {
        pos += 8;
        break;
      }
      const el = elementAt(b, pos, f, depth);
      if (typeof el === 'string') return el;
      pos = el.end;
    }
  }
}
