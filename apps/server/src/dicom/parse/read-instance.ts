import fsp, { type FileHandle } from 'node:fs/promises';
import dicomParser, { type DataSet, type Element } from 'dicom-parser';
import { CharacterSet } from './charset';
import { firstString, firstValue, toDicomJson, type DicomJson } from './dicom-json';
import { hexTag, VALID_VRS, vrOf } from './dictionary';
import { inflateLimit, inflateRefusal } from './inflate-limits';
import { readMetaHeader } from './meta-header';
import { dataSetInflater } from './inflater';
import { normalizeOrientation } from './orientation';

/** Headers are read from the first MiB; pixel data after it are checked for completeness, not read. */
export const HEADER_BYTES = 1 << 20;
/** Objects whose non-pixel attributes do not fit in the first MiB (big SR, waveforms, PDFs) are read whole up to this. */
export const FULL_PARSE_MAX = 128 << 20;

export const TS = {
  implicitLittle: '1.2.840.10008.1.2',
  explicitLittle: '1.2.840.10008.1.2.1',
  deflated: '1.2.840.10008.1.2.1.99',
  explicitBig: '1.2.840.10008.1.2.2',
  rle: '1.2.840.10008.1.2.5',
} as const;
const NATIVE = new Set<string>([TS.implicitLittle, TS.explicitLittle, TS.deflated, TS.explicitBig]);
const JPEG = new Set([
  '1.2.840.10008.1.2.4.50',
  '1.2.840.10008.1.2.4.51',
  '1.2.840.10008.1.2.4.57',
  '1.2.840.10008.1.2.4.70',
]);
const JPEG_LS = new Set(['1.2.840.10008.1.2.4.80', '1.2.840.10008.1.2.4.81']);
const J2K = new Set([
  '1.2.840.10008.1.2.4.90',
  '1.2.840.10008.1.2.4.91',
  '1.2.840.10008.1.2.4.92',
  '1.2.840.10008.1.2.4.93',
  '1.2.840.10008.1.2.4.201',
  '1.2.840.10008.1.2.4.202',
  '1.2.840.10008.1.2.4.203',
]);
/** Media Storage Directory (DICOMDIR): found on CDs and in zips, never an instance to store. */
export const DICOMDIR_SOP_CLASS = '1.2.840.10008.1.3.10';
/** PS3.5 §9.1: digits and dots, at most 64 characters (leading zeros tolerated: real archives hold them). */
export const UID_PATTERN = /^[0-9]+(\.[0-9]+)*$/;

export type RefusalCode = 'not-dicom' | 'truncated' | 'missing-uid' | 'unsupported-sop-class' | 'too-large';
export interface ReadRefusal {
  ok: false;
  code: RefusalCode;
  reason: string;
}

/** What the index needs of one instance, and its DICOM JSON. Strings are decoded per SpecificCharacterSet. */
export interface InstanceInfo {
  sopInstanceUid: string;
  sopClassUid: string;
  studyInstanceUid: string;
  seriesInstanceUid: string;
  transferSyntaxUid: string;
  patientId: string | null;
  /** PN as written in DICOM: components '^', groups '=' (alphabetic=ideographic=phonetic). */
  patientName: string | null;
  patientBirthDate: string | null;
  patientSex: string | null;
  accessionNumber: string | null;
  studyDate: string | null;
  studyTime: string | null;
  studyDescription: string | null;
  referringPhysicianName: string | null;
  institutionName: string | null;
  modality: string | null;
  seriesNumber: number | null;
  seriesDescription: string | null;
  bodyPartExamined: string | null;
  instanceNumber: number | null;
  rows: number | null;
  columns: number | null;
  numberOfFrames: number;
  /** Rounded, backslash-separated; null when absent or malformed. */
  imageOrientationPatient: string | null;
  metadata: DicomJson;
}
export type ReadResult = { ok: true; info: InstanceInfo } | ReadRefusal;

const refuse = (code: RefusalCode, reason: string): ReadRefusal => ({ ok: false, code, reason });

/** Path of a top-level bulk attribute of an instance, relative to the DICOMweb root. */
export function bulkDataPath(study: string, series: string, sop: string, tag: string): string {
  return `/dicomweb/studies/${study}/series/${series}/instances/${sop}/bulkdata/${tag}`;
}

export interface ReadOptions {
  /** Larger objects are refused ('too-large'). */
  maxBytes?: number;
  /**
   * The character set text is decoded with when the instance declares none (0008,0005): the sender's configured one
   * (docs/decisions/io20-assumed-character-set.md). The file itself is never changed.
   */
  assumedCharacterSet?: string | undefined;
}

/**
 * Reads and checks a Part-10 file as received: preamble (or a bare 'DICM' start), meta header with a transfer syntax,
 * a dataset that parses, complete pixel data consistent with Rows/Columns, the four UIDs. Never modifies the file.
 */
export async function readInstance(path: string, opts: ReadOptions = {}): Promise<ReadResult> {
  const file = new LazyFile(path);
  try {
    const size = await file.size();
    return await readOpen(file, size, null, opts);
  } finally {
    await file.close();
  }
}

/**
 * The same for a file whose first bytes are already in memory (the DIMSE receiver keeps them as it writes): the file
 * is opened only for an object larger than what was kept.
 */
export async function readReceivedInstance(
  path: string,
  received: { head: Buffer; sizeBytes: number },
  opts: ReadOptions = {},
): Promise<ReadResult> {
  const file = new LazyFile(path);
  try {
    const head =
      received.head.length >= Math.min(received.sizeBytes, HEADER_BYTES)
        ? received.head.subarray(0, HEADER_BYTES)
        : null;
    return await readOpen(file, received.sizeBytes, head, opts);
  } finally {
    await file.close();
  }
}

/**
 * The same for a complete Part-10 file held in memory (the DIMSE receiver keeps instances up to a MiB there): nothing
 * is read from disk.
 */
export async function readInstanceBytes(bytes: Buffer, opts: ReadOptions = {}): Promise<ReadResult> {
  const memory: ByteSource = { read: async (position, length) => bytes.subarray(position, position + length) };
  return readOpen(memory, bytes.length, bytes.length <= HEADER_BYTES ? bytes : null, opts);
}

/** Where an instance's bytes are read from: a file, or memory. */
interface ByteSource {
  read(position: number, length: number): Promise<Buffer>;
}

/** A file opened on first read. */
class LazyFile implements ByteSource {
  private fh: FileHandle | null = null;
  constructor(private readonly path: string) {}

  private async handle(): Promise<FileHandle> {
    this.fh ??= await fsp.open(this.path, 'r');
    return this.fh;
  }

  async size(): Promise<number> {
    return (await (await this.handle()).stat()).size;
  }

  async read(position: number, length: number): Promise<Buffer> {
    return readAt(await this.handle(), position, length);
  }

  async close(): Promise<void> {
    await this.fh?.close();
    this.fh = null;
  }
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buf : buf.subarray(0, done);
}

async function readOpen(fh: ByteSource, size: number, kept: Buffer | null, opts: ReadOptions): Promise<ReadResult> {
  const maxBytes = opts.maxBytes ?? Number.MAX_SAFE_INTEGER;
  if (size > maxBytes) return refuse('too-large', `instance larger than ${maxBytes} bytes`);
  if (size < 136) return refuse('not-dicom', 'too short for a DICOM file');
  const head = kept ?? (await fh.read(0, Math.min(size, HEADER_BYTES)));
  let shift: number;
  if (head.toString('latin1', 128, 132) === 'DICM') shift = 0;
  else if (head.toString('latin1', 0, 4) === 'DICM') shift = 128;
  else return refuse('not-dicom', 'no DICOM Part-10 preamble and meta header');
  const withPreamble = (b: Buffer) => (shift ? Buffer.concat([Buffer.alloc(shift), b]) : b);

  let meta: DataSet;
  try {
    meta = readMetaHeader(withPreamble(head));
  } catch {
    return refuse('not-dicom', 'unreadable meta header');
  }
  const ts = cleanUid(meta.string('x00020010'));
  if (!ts) return refuse('not-dicom', 'meta header without TransferSyntaxUID');
  if (!UID_PATTERN.test(ts)) return refuse('not-dicom', 'malformed TransferSyntaxUID');
  if (cleanUid(meta.string('x00020002')) === DICOMDIR_SOP_CLASS)
    return refuse('unsupported-sop-class', 'a DICOMDIR is not an instance');

  const wholeInHead = size <= HEADER_BYTES;
  const deflated = ts === TS.deflated;
  let parsed: Parsed;
  if (deflated) {
    if (size > FULL_PARSE_MAX) return refuse('too-large', 'deflated dataset too large');
    // Inflated on the inflater's thread, within the limit for its size: a bomb is refused after the limit's worth.
    const start = metaEnd(meta) - shift;
    if (start > head.length) return refuse('not-dicom', 'unreadable meta header');
    const limit = inflateLimit(size - start, maxBytes);
    const inflated = wholeInHead
      ? await dataSetInflater.inflate(head.subarray(start), limit)
      : await dataSetInflater.inflate(await fh.read(start, size - start), limit, { handOver: true });
    if (!inflated.ok)
      return inflated.code === 'too-large'
        ? refuse('too-large', inflateRefusal(limit))
        : refuse('truncated', 'deflated dataset is corrupt');
    parsed = parse(withPreamble(head.subarray(0, start)), ts, { inflated: inflated.bytes });
    if ('refusal' in parsed) return parsed.refusal;
  } else if (wholeInHead) {
    parsed = parse(withPreamble(head), ts, {});
    if ('refusal' in parsed) return parsed.refusal;
  } else {
    const partial = parse(withPreamble(head), ts, { untilPixelData: true });
    if ('refusal' in partial || !partial.dataSet.elements.x7fe00010) {
      // The non-pixel attributes do not fit in the first MiB (or it is not an image): read the whole object.
      if (size > FULL_PARSE_MAX) return refuse('too-large', 'attributes larger than the header limit');
      parsed = parse(withPreamble(await fh.read(0, size)), ts, {});
      if ('refusal' in parsed) return parsed.refusal;
    } else {
      parsed = partial;
      const px = partial.dataSet.elements.x7fe00010;
      const problem = await checkPixelDataInFile(fh, size, px.dataOffset - shift, px.length);
      if (problem) return problem;
    }
  }
  return describe(parsed, ts, opts.assumedCharacterSet);
}

type Parsed = { dataSet: DataSet; implicit: boolean; bigEndian: boolean; complete: boolean } | { refusal: ReadRefusal };

/** Where the data set starts: the meta group's end, in the buffer it was read from (dicom-parser records it). */
export function metaEnd(meta: DataSet): number {
  return (meta as DataSet & { position: number }).position;
}

/** `inflated`: the data set of a deflated file, already inflated (the buffer then need only hold the meta header). */
function parse(buf: Buffer, ts: string, opts: { inflated?: Buffer; untilPixelData?: boolean }): Parsed {
  let ds: DataSet;
  const vrCallback = (tag: string) => {
    const vr = vrOf(hexTag(tag));
    return vr === 'UN' ? undefined : vr;
  };
  try {
    ds = dicomParser.parseDicom(buf, {
      ...(opts.untilPixelData ? { untilTag: 'x7fe00010' } : {}),
      vrCallback,
      ...(opts.inflated ? { inflater: () => opts.inflated } : {}),
    });
  } catch (err) {
    const partial = (err as { dataSet?: DataSet }).dataSet;
    return { refusal: classifyFailure(partial) };
  }
  // The meta group is described by the caller; after inflation its offsets do not even point into this buffer.
  for (const tag of Object.keys(ds.elements)) if (tag.startsWith('x0002')) delete ds.elements[tag];
  const implicit = ts === TS.implicitLittle;
  const length = ds.byteArray.length;
  // Implicit parsing does not notice an element running past the end: look for one.
  for (const [tag, el] of Object.entries(ds.elements)) {
    if (opts.untilPixelData && tag === 'x7fe00010') continue;
    if (!el.hadUndefinedLength && el.dataOffset + el.length > length) {
      return {
        refusal: opts.untilPixelData
          ? refuse('too-large', 'header beyond the first MiB')
          : refuse('truncated', 'file ends inside an attribute'),
      };
    }
  }
  if (!implicit) {
    const bad = findInvalidVr(ds, 0);
    if (bad)
      return { refusal: refuse('not-dicom', 'dataset encoding does not match its transfer syntax (invalid VR)') };
  }
  return { dataSet: ds, implicit, bigEndian: ts === TS.explicitBig, complete: !opts.untilPixelData };
}

/**
 * A parse failure. After several well-formed attributes it is a file cut short (the usual cause: the parser ran past
 * the end); with an invalid VR or almost nothing readable it is not DICOM (or not the encoding its header says).
 */
function classifyFailure(partial: DataSet | undefined): ReadRefusal {
  const elements = partial ? Object.values(partial.elements) : [];
  const wellFormed = elements.every((e) => e.vr === undefined || VALID_VRS.has(e.vr));
  return wellFormed && elements.length > 3
    ? refuse('truncated', 'file ends inside an attribute')
    : refuse('not-dicom', 'dataset does not parse');
}

function findInvalidVr(ds: DataSet, depth: number): Element | undefined {
  for (const el of Object.values(ds.elements)) {
    if (el.tag.startsWith('xfffe')) continue;
    if (el.vr !== undefined && !VALID_VRS.has(el.vr)) return el;
    if (depth < 16) {
      for (const item of el.items ?? []) {
        if (item.dataSet) {
          const bad = findInvalidVr(item.dataSet, depth + 1);
          if (bad) return bad;
        }
      }
    }
  }
  return undefined;
}

/** Pixel data beyond the first MiB: a defined length must fit in the file, encapsulated items must end with a delimiter. */
async function checkPixelDataInFile(
  fh: ByteSource,
  size: number,
  offset: number,
  length: number,
): Promise<ReadRefusal | null> {
  if (length !== 0xffffffff)
    return offset + length <= size ? null : refuse('truncated', 'file ends inside the pixel data');
  let pos = offset;
  for (let items = 0; items < 10_000_000; items++) {
    if (pos + 8 > size) return refuse('truncated', 'file ends inside the pixel data');
    const header = await fh.read(pos, 8);
    if (header.length < 8) return refuse('truncated', 'file ends inside the pixel data');
    const group = header.readUInt16LE(0);
    const element = header.readUInt16LE(2);
    const len = header.readUInt32LE(4);
    if (group !== 0xfffe) return refuse('not-dicom', 'corrupt encapsulated pixel data');
    if (element === 0xe0dd) return null;
    if (element !== 0xe000 || len === 0xffffffff) return refuse('not-dicom', 'corrupt encapsulated pixel data');
    pos += 8 + len;
  }
  return refuse('not-dicom', 'corrupt encapsulated pixel data');
}

function cleanUid(v: string | undefined): string | undefined {
  const s = v?.replace(/[\0 ]+$/, '').trim();
  return s ? s : undefined;
}

function describe(parsed: Extract<Parsed, { dataSet: DataSet }>, ts: string, assumed: string | undefined): ReadResult {
  const ds = parsed.dataSet;
  const sopInstanceUid = cleanUid(ds.string('x00080018'));
  const sopClassUid = cleanUid(ds.string('x00080016'));
  const studyInstanceUid = cleanUid(ds.string('x0020000d'));
  const seriesInstanceUid = cleanUid(ds.string('x0020000e'));
  const uids = {
    SOPInstanceUID: sopInstanceUid,
    SOPClassUID: sopClassUid,
    StudyInstanceUID: studyInstanceUid,
    SeriesInstanceUID: seriesInstanceUid,
  };
  for (const [name, v] of Object.entries(uids)) {
    if (!v) return refuse('missing-uid', `${name} missing`);
    if (v.length > 64 || !UID_PATTERN.test(v)) return refuse('missing-uid', `${name} malformed`);
  }
  if (sopClassUid === DICOMDIR_SOP_CLASS) return refuse('unsupported-sop-class', 'a DICOMDIR is not an instance');

  const framesText = ds.string('x00280008');
  let numberOfFrames = 1;
  if (framesText !== undefined && framesText.trim() !== '') {
    if (!/^\s*\+?\d{1,9}\s*$/.test(framesText) || Number(framesText) < 1)
      return refuse('not-dicom', 'invalid NumberOfFrames');
    numberOfFrames = Number(framesText);
  }
  const pixelProblem = checkPixelData(ds, ts, numberOfFrames, parsed.complete);
  if (pixelProblem) return pixelProblem;

  const metadata = toDicomJson(ds, {
    charset: new CharacterSet(ds.string('x00080005'), assumed),
    bigEndian: parsed.bigEndian,
    implicit: parsed.implicit,
    bulkDataUri: (tag) => bulkDataPath(studyInstanceUid!, seriesInstanceUid!, sopInstanceUid!, tag),
  });
  metadata['00020010'] = { vr: 'UI', Value: [ts] };
  const str = (tag: string) => firstString(metadata, tag);
  const int = (tag: string) => {
    const v = firstValue(metadata, tag);
    return typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2_147_483_648 ? v : null;
  };
  const iop = metadata['00200037']?.Value;
  return {
    ok: true,
    info: {
      sopInstanceUid: sopInstanceUid!,
      sopClassUid: sopClassUid!,
      studyInstanceUid: studyInstanceUid!,
      seriesInstanceUid: seriesInstanceUid!,
      transferSyntaxUid: ts,
      patientId: str('00100020'),
      patientName: str('00100010'),
      patientBirthDate: str('00100030'),
      patientSex: str('00100040'),
      accessionNumber: str('00080050'),
      studyDate: str('00080020'),
      studyTime: str('00080030'),
      studyDescription: str('00081030'),
      referringPhysicianName: str('00080090'),
      institutionName: str('00080080'),
      modality: str('00080060'),
      seriesNumber: int('00200011'),
      seriesDescription: str('0008103E'),
      bodyPartExamined: str('00180015'),
      instanceNumber: int('00200013'),
      rows: int('00280010'),
      columns: int('00280011'),
      numberOfFrames,
      imageOrientationPatient: normalizeOrientation(iop),
      metadata,
    },
  };
}

/**
 * Pixel data consistent with the header: native data at least as long as Rows × Columns × frames need; the first
 * encapsulated frame's own header (JPEG SOF, JPEG-LS SOF55, JPEG 2000 SIZ, RLE segment count) agreeing with it.
 */
function checkPixelData(ds: DataSet, ts: string, frames: number, complete: boolean): ReadRefusal | null {
  const px = ds.elements.x7fe00010;
  if (!px) return null;
  const rows = ds.uint16('x00280010');
  const cols = ds.uint16('x00280011');
  const bits = ds.uint16('x00280100');
  const samples = ds.uint16('x00280002') ?? 1;
  if (!rows || !cols || !bits) return null;
  if (NATIVE.has(ts)) {
    if (px.hadUndefinedLength) return refuse('not-dicom', 'native pixel data with undefined length');
    const photometric = (ds.string('x00280004') ?? '').trim();
    const perPixelSamples = photometric === 'YBR_FULL_422' || photometric === 'YBR_PARTIAL_422' ? 2 : samples;
    const expected = Math.ceil((rows * cols * frames * perPixelSamples * bits) / 8);
    return px.length < expected ? refuse('truncated', 'pixel data shorter than Rows × Columns × frames') : null;
  }
  if (!complete && !px.fragments) return null;
  const first = px.fragments?.[0];
  if (!first) return px.encapsulatedPixelData ? refuse('not-dicom', 'encapsulated pixel data without fragments') : null;
  const bytes = ds.byteArray.subarray(first.position, Math.min(first.position + first.length, first.position + 65536));
  let dims: { width: number; height: number } | null | 'bad' = null;
  if (J2K.has(ts)) dims = j2kSize(bytes);
  else if (JPEG.has(ts))
    dims = jpegSize(bytes, [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
  else if (JPEG_LS.has(ts)) dims = jpegSize(bytes, [0xf7]);
  else if (ts === TS.rle) {
    if (bytes.length < 64) return refuse('not-dicom', 'RLE frame without header');
    const segments = Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0);
    if (segments !== samples * Math.ceil(bits / 8))
      return refuse('not-dicom', 'RLE segment count does not match the header');
  }
  if (dims === 'bad') return refuse('not-dicom', 'compressed frame header is corrupt');
  if (dims && (dims.width !== cols || (dims.height !== rows && dims.height !== -1)))
    return refuse('not-dicom', 'compressed frame size differs from Rows/Columns');
  return null;
}

/** Width and height from a JPEG 2000 codestream's SIZ segment (found inside a JP2 wrapper too). */
function j2kSize(b: Uint8Array): { width: number; height: number } | null | 'bad' {
  for (let i = 0; i + 4 < b.length && i < 8192; i++) {
    if (b[i] === 0xff && b[i + 1] === 0x4f && b[i + 2] === 0xff && b[i + 3] === 0x51) {
      const p = i + 4;
      if (p + 22 > b.length) return 'bad';
      const v = Buffer.from(b.buffer, b.byteOffset + p, 22);
      const xsiz = v.readUInt32BE(4);
      const ysiz = v.readUInt32BE(8);
      const xo = v.readUInt32BE(12);
      const yo = v.readUInt32BE(16);
      if (xsiz <= xo || ysiz <= yo) return 'bad';
      return { width: xsiz - xo, height: ysiz - yo };
    }
  }
  return null;
}

/** Width and height from the first start-of-frame marker of a JPEG (or JPEG-LS) stream. */
function jpegSize(b: Uint8Array, sofMarkers: number[]): { width: number; height: number } | null | 'bad' {
  if (b[0] !== 0xff || b[1] !== 0xd8) return 'bad';
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (sofMarkers.includes(marker)) {
      if (i + 9 > b.length) return null;
      const height = (b[i + 5]! << 8) | b[i + 6]!;
      // A height of 0 is defined later by a DNL marker: only the width can be checked here.
      return { height: height === 0 ? -1 : height, width: (b[i + 7]! << 8) | b[i + 8]! };
    }
    if (marker === 0xda) return null;
    i += 2 + len;
  }
  return null;
}
