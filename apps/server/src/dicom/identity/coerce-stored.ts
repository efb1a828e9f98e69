import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { dataSetInflater } from '../parse/inflater';
import { inflateLimit } from '../parse/inflate-limits';
import { TS } from '../uids';
import { patchDataset, type DatasetFormat } from './patch-dataset';
import { identityValues, type IdentityValues, type StudyIdentity } from './study-identity';
import { datasetOffset } from '../parse/dataset-offset';

const deflateRaw = promisify(zlib.deflateRaw);

/** A file whose patched attributes are not found within this many bytes (or a deflated one larger) is not sent. */
export const MAX_COERCE_READ = 64 << 20;

/** A stored file on its way out with the study's identity in it. */
export interface CoercedFile {
  body: Readable;
  /** Bytes more (or fewer) than the stored file. */
  sizeDelta: number;
}

/**
 * The stored file as it leaves Rangsi: as stored when its study has no reconciled identity (nothing read, nothing
 * copied), otherwise with the identity patched into the first elements of its data set and every later byte — pixel
 * data above all — streamed as stored. A deflated data set is inflated, patched and deflated again. Null when the file
 * cannot be patched (not a Part-10 file, a walk that fails): it must not leave with the identity it was received with.
 */
export async function coerceStored(
  file: Readable | null,
  identity: StudyIdentity | null | undefined,
): Promise<Readable | null> {
  if (!file || !identity) return file;
  return (await coerceFile(file, identity))?.body ?? null;
}

export async function coerceFile(file: Readable, identity: StudyIdentity): Promise<CoercedFile | null> {
  const values = identityValues(identity);
  // Chunks are joined only when the walk needs them: a deflated file is read whole, and joining at every chunk would
  // copy it over and over.
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended || size > MAX_COERCE_READ) return false;
    const chunk = await nextChunk(file);
    if (chunk === null) {
      ended = true;
      return false;
    }
    chunks.push(chunk);
    size += chunk.length;
    return true;
  };
  const joined = (): Buffer => {
    if (chunks.length !== 1) chunks.splice(0, chunks.length, Buffer.concat(chunks, size));
    return chunks[0]!;
  };
  try {
    let offset = datasetOffset(joined());
    while (offset === null && (await more())) offset = datasetOffset(joined());
    if (typeof offset !== 'number') return fail(file);
    const syntax = transferSyntaxOf(joined().subarray(0, offset));
    if (syntax === TS.deflate) {
      while (await more());
      if (!ended) return fail(file);
      return await coerceDeflated(joined(), offset, values);
    }
    const format: DatasetFormat = {
      littleEndian: syntax !== TS.explicitBE,
      explicit: syntax !== TS.implicitLE,
    };
    for (;;) {
      const buf = joined();
      const r = patchDataset(buf.subarray(offset), format, values, ended);
      if (r === 'bad') return fail(file);
      if (r !== 'more') {
        const prefix = Buffer.concat([buf.subarray(0, offset), r.head]);
        const tail = buf.subarray(offset + r.consumed);
        return { body: rest(prefix, tail, file, ended), sizeDelta: r.head.length - r.consumed };
      }
      if (!(await more()) && !ended) return fail(file);
    }
  } catch {
    return fail(file);
  }
}

function fail(file: Readable): null {
  file.destroy();
  return null;
}

/**
 * The patched start put back at the front of the stored file's own stream, which then reads on as it would have: no
 * second stream, no copy of the rest. A file already read to its end is given as one buffer.
 */
function rest(prefix: Buffer, tail: Buffer, file: Readable, ended: boolean): Readable {
  if (ended) {
    file.destroy();
    return Readable.from([Buffer.concat([prefix, tail])]);
  }
  file.unshift(tail.length ? Buffer.concat([prefix, tail]) : prefix);
  return file;
}

/** The next chunk the file gives, null at its end (read in paused mode, so that it can be piped afterwards). */
async function nextChunk(file: Readable): Promise<Buffer | null> {
  for (;;) {
    const chunk = file.read() as Buffer | null;
    if (chunk !== null) return chunk;
    if (file.readableEnded || file.destroyed) return null;
    await new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        file.off('readable', onReady);
        file.off('end', onReady);
        file.off('error', settle);
        if (err) reject(err);
        else resolve();
      };
      const onReady = () => settle();
      file.on('readable', onReady);
      file.on('end', onReady);
      file.on('error', settle);
    });
  }
}

async function coerceDeflated(whole: Buffer, offset: number, values: IdentityValues): Promise<CoercedFile | null> {
  const deflated = whole.subarray(offset);
  const inflated = await dataSetInflater.inflate(deflated, inflateLimit(deflated.length));
  if (!inflated.ok) return null;
  const r = patchDataset(inflated.bytes, { littleEndian: true, explicit: true }, values, true);
  if (typeof r === 'string') return null;
  const again = await deflateRaw(Buffer.concat([r.head, inflated.bytes.subarray(r.consumed)]));
  const out = Buffer.concat([whole.subarray(0, offset), again]);
  return { body: Readable.from([out]), sizeDelta: out.length - whole.length };
}

const LONG_META_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'SQ', 'UC', 'UR', 'UT', 'UN', 'SV', 'UV']);

/** TransferSyntaxUID (0002,0010) of a meta group (explicit VR little endian), '' when absent. */
function transferSyntaxOf(meta: Buffer): string {
  let pos = meta.toString('latin1', 128, 132) === 'DICM' ? 132 : 4;
  while (pos + 8 <= meta.length) {
    const element = meta.readUInt16LE(pos + 2);
    const vr = meta.toString('latin1', pos + 4, pos + 6);
    const long = LONG_META_VRS.has(vr);
    const length = long ? meta.readUInt32LE(pos + 8) : meta.readUInt16LE(pos + 6);
    const start = pos + (long ? 12 : 8);
    if (element === 0x0010) return meta.toString('latin1', start, start + length).replace(/[\0 ]+$/, '');
    pos = start + length;
  }
  return '';
}

/** A stored instance as it leaves Rangsi, with its length (HTTP answers name it); null when there is no sendable file. */
export async function openOutgoing(
  open: () => Promise<Readable | null>,
  row: { sizeBytes: number; identity?: StudyIdentity | null },
): Promise<{ body: Readable; size: number } | null> {
  const file = await open();
  if (!file) return null;
  if (!row.identity) return { body: file, size: row.sizeBytes };
  const coerced = await coerceFile(file, row.identity);
  return coerced && { body: coerced.body, size: row.sizeBytes + coerced.sizeDelta };
}
