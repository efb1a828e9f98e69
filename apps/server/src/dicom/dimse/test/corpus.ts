import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DatasetWalker } from '../dataset-walker';
import { datasetOffset } from '../../parse/part10';
import { TS } from '../../uids';

/** Debian's python3-pydicom test files (docs/pydicom-corpus.md). */
export const CORPUS_DIR = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

/** Deliberately broken files: never to be acknowledged with Success. */
export const BROKEN = new Set([
  'MR_truncated.dcm',
  'SC_rgb_jpeg.dcm',
  'badVR.dcm',
  'meta_missing_tsyntax.dcm',
  'rtplan_truncated.dcm',
  'JPEG2000-embedded-sequence-delimiter.dcm',
]);

export interface CorpusFile {
  name: string;
  file: string;
  /** From the meta group, or guessed for a bare data set. */
  transferSyntaxUid: string | null;
  sopClassUid: string | null;
  sopInstanceUid: string | null;
  hasMeta: boolean;
}

function metaValue(buf: Buffer, element: number): string | null {
  let pos = 132;
  while (pos + 8 <= buf.length && buf.readUInt16LE(pos) === 0x0002) {
    const el = buf.readUInt16LE(pos + 2);
    const vr = buf.toString('latin1', pos + 4, pos + 6);
    const long = ['OB', 'OW', 'UN', 'SQ', 'UT'].includes(vr);
    const len = long ? buf.readUInt32LE(pos + 8) : buf.readUInt16LE(pos + 6);
    const start = pos + (long ? 12 : 8);
    if (el === element) return buf.toString('latin1', start, start + len).replace(/[\0 ]+$/, '');
    pos = start + len;
  }
  return null;
}

function walk(data: Buffer, ts: string) {
  const w = new DatasetWalker(ts);
  w.push(data);
  return w.finish();
}

export function describe(name: string): CorpusFile {
  const file = path.join(CORPUS_DIR, name);
  const buf = fs.readFileSync(file);
  const hasMeta = buf.length > 132 && buf.toString('latin1', 128, 132) === 'DICM';
  let ts = hasMeta ? metaValue(buf, 0x0010) : null;
  const data = buf.subarray(datasetOffset(buf));
  if (!hasMeta) {
    for (const guess of [TS.explicitLE, TS.implicitLE, TS.explicitBE]) {
      const r = walk(data, guess);
      if (r.ok && r.attrs.sopClassUid) {
        ts = guess;
        break;
      }
    }
  }
  let attrs: { sopClassUid?: string; sopInstanceUid?: string } = {};
  if (ts) {
    const r = walk(ts === TS.deflate ? zlib.inflateRawSync(data) : data, ts === TS.deflate ? TS.explicitLE : ts);
    if (r.ok) attrs = r.attrs;
  }
  return {
    name,
    file,
    transferSyntaxUid: ts,
    hasMeta,
    sopClassUid: (hasMeta ? metaValue(buf, 0x0002) : null) ?? attrs.sopClassUid ?? null,
    sopInstanceUid: attrs.sopInstanceUid ?? (hasMeta ? metaValue(buf, 0x0003) : null),
  };
}

export function corpusFiles(): CorpusFile[] {
  return fs
    .readdirSync(CORPUS_DIR)
    .filter((n) => n.endsWith('.dcm'))
    .sort()
    .map(describe);
}

/** The data set bytes of a DICOM file (everything after preamble and meta), inflated when deflated. */
export function datasetBytes(buf: Buffer, inflate: boolean): Buffer {
  const data = buf.subarray(datasetOffset(buf));
  return inflate ? zlib.inflateRawSync(data) : data;
}
