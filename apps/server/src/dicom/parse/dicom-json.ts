import type { DataSet, Element } from 'dicom-parser';
import type { CharacterSet } from './charset';
import { hexTag, vrOf } from './dictionary';

/** One attribute of the DICOM JSON model (PS3.18 F.2). */
export interface DicomJsonElement {
  vr: string;
  Value?: unknown[];
  InlineBinary?: string;
  BulkDataURI?: string;
}
export type DicomJson = Record<string, DicomJsonElement>;

/** VRs whose bytes depend on SpecificCharacterSet. */
const TEXT_VRS = new Set(['SH', 'LO', 'ST', 'LT', 'UT', 'PN', 'UC']);
/** VRs that hold one value even when it contains a backslash. */
const SINGLE_VALUE_VRS = new Set(['LT', 'ST', 'UT', 'UR']);
const BINARY_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'UN']);
/** Binary values above this size are bulk data, given a BulkDataURI at any depth. */
export const INLINE_BINARY_MAX = 4096;
/** Text values above this size (huge contour data, reports) are bulk data too. */
const INLINE_TEXT_MAX = 256 * 1024;

export interface DicomJsonOptions {
  charset: CharacterSet;
  /** True when the dataset is big endian (OW/OF… InlineBinary is written little endian). */
  bigEndian: boolean;
  /** True when dataset elements carry no VR (implicit VR little endian): VRs come from the dictionary. */
  implicit: boolean;
  /**
   * URI for a bulk attribute, given its path: the tag at the top level (…/bulkdata/7FE00010), or inside sequences
   * each sequence's tag and 0-based item index before it (…/bulkdata/54000100/0/54001010).
   */
  bulkDataUri: (path: string) => string;
}

/**
 * DICOM JSON of a parsed dataset: every attribute except group lengths, the file meta group (its transfer syntax
 * kept), padding and delimiters; bulk binaries become BulkDataURIs so a metadata request never re-reads the file.
 */
export function toDicomJson(dataSet: DataSet, opts: DicomJsonOptions): DicomJson {
  return convert(dataSet, opts, '');
}

/** `at`: the path of the item being converted ('' at the top level, else 'SEQTAG/INDEX/…' with a trailing slash). */
function convert(dataSet: DataSet, opts: DicomJsonOptions, at: string): DicomJson {
  const out: DicomJson = {};
  const signed = dataSet.uint16('x00280103') === 1;
  const tags = Object.keys(dataSet.elements).sort();
  for (const t of tags) {
    const el = dataSet.elements[t]!;
    const hex = hexTag(t);
    if (hex.endsWith('0000') || hex.startsWith('FFFE') || hex === 'FFFCFFFC') continue;
    if (hex.startsWith('0002') || hex.startsWith('0000')) continue;
    const vr = elementVr(el, hex, opts, signed);
    const json = convertElement(dataSet, el, t, hex, vr, opts, at);
    if (json) out[hex] = json;
  }
  return out;
}

function elementVr(el: Element, hex: string, opts: DicomJsonOptions, signed: boolean): string {
  if (el.items) return 'SQ';
  const vr = el.vr;
  if (vr === 'UN' && !opts.bigEndian && !el.hadUndefinedLength) {
    // A standard attribute sent as UN (a converter lost its VR) reads as its dictionary VR (PS3.5 §6.2.2).
    const known = vrOf(hex, signed);
    return known === 'SQ' ? 'UN' : known;
  }
  if (vr && /^[A-Z]{2}$/.test(vr)) return vr;
  return opts.implicit ? vrOf(hex, signed) : 'UN';
}

function bytesOf(dataSet: DataSet, el: Element): Uint8Array {
  const len = Math.max(0, Math.min(el.length, dataSet.byteArray.length - el.dataOffset));
  return dataSet.byteArray.subarray(el.dataOffset, el.dataOffset + len);
}

function convertElement(
  dataSet: DataSet,
  el: Element,
  t: string,
  hex: string,
  vr: string,
  opts: DicomJsonOptions,
  at: string,
): DicomJsonElement | null {
  if (vr === 'SQ') {
    const items = (el.items ?? []).map((item, i) =>
      item.dataSet ? convert(item.dataSet, opts, `${at}${hex}/${i}/`) : {},
    );
    return items.length ? { vr, Value: items } : { vr };
  }
  if (el.encapsulatedPixelData || el.hadUndefinedLength) {
    // Encapsulated pixel data (or an undefined-length binary): always bulk.
    return { vr: vr === 'UN' ? 'OB' : vr, BulkDataURI: opts.bulkDataUri(at + hex) };
  }
  if (el.length === 0) return { vr };
  if (BINARY_VRS.has(vr)) {
    // Pixel data (7FE0,0008/0009/0010) is always bulk, however small.
    if (el.length > INLINE_BINARY_MAX || hex.startsWith('7FE0')) return { vr, BulkDataURI: opts.bulkDataUri(at + hex) };
    let bytes = bytesOf(dataSet, el);
    if (opts.bigEndian && vr !== 'OB' && vr !== 'UN') bytes = swap(bytes, vr);
    return { vr, InlineBinary: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
  }
  switch (vr) {
    case 'US':
      return numbers(el, 2, (i) => dataSet.uint16(t, i), vr);
    case 'SS':
      return numbers(el, 2, (i) => dataSet.int16(t, i), vr);
    case 'UL':
      return numbers(el, 4, (i) => dataSet.uint32(t, i), vr);
    case 'SL':
      return numbers(el, 4, (i) => dataSet.int32(t, i), vr);
    case 'FL':
      return numbers(el, 4, (i) => dataSet.float(t, i), vr);
    case 'FD':
      return numbers(el, 8, (i) => dataSet.double(t, i), vr);
    case 'SV':
    case 'UV':
      return bigNumbers(dataSet, el, vr, opts.bigEndian);
    case 'AT': {
      const values: string[] = [];
      for (let i = 0; i + 1 < el.length / 2; i += 2) {
        const g = dataSet.uint16(t, i);
        const e = dataSet.uint16(t, i + 1);
        if (g !== undefined && e !== undefined) values.push(`${hex4(g)}${hex4(e)}`);
      }
      return values.length ? { vr, Value: values } : { vr };
    }
    default:
      break;
  }
  if (el.length > INLINE_TEXT_MAX) return { vr, BulkDataURI: opts.bulkDataUri(at + hex) };
  const raw = bytesOf(dataSet, el);
  const text = TEXT_VRS.has(vr)
    ? opts.charset.decode(raw)
    : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  const parts = SINGLE_VALUE_VRS.has(vr) ? [text] : text.split('\\');
  const values = parts.map((p) => stringValue(p, vr));
  if (values.every((v) => v === null)) return { vr };
  return { vr, Value: values };
}

function stringValue(p: string, vr: string): unknown {
  switch (vr) {
    case 'UI': {
      const v = p.replace(/[\0 ]+$/, '').trim();
      return v === '' ? null : v;
    }
    case 'DS':
    case 'IS': {
      const v = p.replace(/\0/g, '').trim();
      if (v === '') return null;
      const n = Number(v);
      return Number.isFinite(n) ? n : null;
    }
    case 'PN': {
      const v = p.replace(/[\0 ]+$/, '');
      if (v === '') return null;
      const [alphabetic, ideographic, phonetic] = v.split('=');
      const pn: Record<string, string> = {};
      if (alphabetic) pn.Alphabetic = alphabetic.trimEnd();
      if (ideographic) pn.Ideographic = ideographic.trimEnd();
      if (phonetic) pn.Phonetic = phonetic.trimEnd();
      return Object.keys(pn).length ? pn : null;
    }
    case 'LT':
    case 'ST':
    case 'UT':
    case 'UR': {
      const v = p.replace(/[\0 ]+$/, '');
      return v === '' ? null : v;
    }
    default: {
      const v = p.replace(/\0/g, '').trim();
      return v === '' ? null : v;
    }
  }
}

function numbers(el: Element, size: number, read: (i: number) => number | undefined, vr: string): DicomJsonElement {
  const n = Math.floor(el.length / size);
  const values: number[] = [];
  for (let i = 0; i < n && i < 10_000; i++) {
    const v = read(i);
    if (v !== undefined) values.push(v);
  }
  return values.length ? { vr, Value: values } : { vr };
}

function bigNumbers(dataSet: DataSet, el: Element, vr: string, bigEndian: boolean): DicomJsonElement {
  const bytes = bytesOf(dataSet, el);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: number[] = [];
  for (let o = 0; o + 8 <= bytes.length; o += 8) {
    const v = vr === 'SV' ? view.getBigInt64(o, !bigEndian) : view.getBigUint64(o, !bigEndian);
    values.push(Number(v));
  }
  return values.length ? { vr, Value: values } : { vr };
}

function swap(bytes: Uint8Array, vr: string): Uint8Array {
  const size = vr === 'OW' ? 2 : vr === 'OD' || vr === 'OV' ? 8 : 4;
  const out = new Uint8Array(bytes.length);
  for (let o = 0; o + size <= bytes.length; o += size) {
    for (let k = 0; k < size; k++) out[o + k] = bytes[o + size - 1 - k]!;
  }
  return out;
}

function hex4(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0');
}

/** The first value of an attribute of a DICOM JSON object, if any. */
export function firstValue(json: DicomJson, tag: string): unknown {
  return json[tag]?.Value?.[0];
}

/** The first value as a string (PN: its components joined with '=' as they are written in DICOM). */
export function firstString(json: DicomJson, tag: string): string | null {
  const v = firstValue(json, tag);
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') {
    const pn = v as { Alphabetic?: string; Ideographic?: string; Phonetic?: string };
    const parts = [pn.Alphabetic ?? '', pn.Ideographic ?? '', pn.Phonetic ?? ''];
    while (parts.length && parts[parts.length - 1] === '') parts.pop();
    return parts.join('=') || null;
  }
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}
