import { Readable } from 'node:stream';
import type { DicomExportProfile } from '@rangsi/contract';
import { inflateLimit } from '../../dicom/parse/inflate-limits';
import { dataSetInflater } from '../../dicom/parse/inflater';
import { buildPart10Header } from '../../dicom/parse/part10';
import { datasetOffset } from '../../dicom/parse/dataset-offset';
import { MAX_REWRITE_SOURCE, rewriteStored, rewriteTo } from '../../dicom/transcode/rewrite-dataset';
import { TS } from '../../dicom/uids';
import type { StudyIdentity } from '../../dicom/identity/study-identity';
import type { ExportInstanceRow } from './export.repository';

/** One instance's file as it goes on the disc. */
export interface DiscFile {
  stream: Readable;
  /** Its length when known before it is read (the stored file's); a rewritten one is counted by the zip. */
  size?: number;
  transferSyntaxUid: string;
  /** Worth a fast deflate in the zip: pixel data not compressed already. */
  deflate: boolean;
}

/** Why an instance is not on a STD-GEN-CD disc: no decoder for its syntax, or its pixel data would not decode. */
export type LeftOutReason = 'no-decoder' | 'undecodable' | 'too-large';

export type DiscFileOutcome = { file: DiscFile } | { leftOut: LeftOutReason };

/**
 * The bytes as they leave Rangsi: the stored file, with a reconciled study's identity patched in (io31); null when the
 * file vanished from storage or cannot be patched.
 */
export type OpenStored = (row: { storageKey: string; identity?: StudyIdentity | null }) => Promise<Readable | null>;

/** Transfer syntaxes whose pixel data is not compressed already: worth a fast deflate in the zip. */
const NATIVE_SYNTAXES = new Set<string>([TS.implicitLE, TS.explicitLE, TS.explicitBE]);

export class MissingFileError extends Error {
  override name = 'MissingFileError';
}

/**
 * The one step that makes an instance's bytes for the disc. As stored: the file byte for byte. STD-GEN-CD (PS3.11
 * Annex D, every file explicit VR little endian uncompressed): an explicit little endian file as stored, any other
 * syntax the server can rewrite (implicit, big endian, deflated, RLE, JPEG, JPEG-LS, JPEG 2000) rewritten in memory
 * with fresh file meta information; the rest is left out, with the reason. A file gone from storage throws.
 */
export async function discFile(
  row: ExportInstanceRow,
  profile: DicomExportProfile,
  openStored: OpenStored,
): Promise<DiscFileOutcome> {
  const stored = row.transferSyntaxUid;
  if (profile === 'as-stored' || stored === TS.explicitLE) {
    const stream = await openStored(row);
    if (!stream) throw new MissingFileError();
    // A reconciled study's file has the exam's identity patched in on the way (io31): its length is the zip's to count.
    const size = row.identity ? undefined : row.sizeBytes;
    return { file: { stream, size, transferSyntaxUid: stored, deflate: NATIVE_SYNTAXES.has(stored) } };
  }
  const how = stored === TS.deflate ? 'inflate' : rewriteTo(stored, TS.explicitLE);
  if (!how) return { leftOut: 'no-decoder' };
  if (row.sizeBytes > MAX_REWRITE_SOURCE) return { leftOut: 'too-large' };
  const stream = await openStored(row);
  if (!stream) throw new MissingFileError();
  const dataset = how === 'inflate' ? await inflated(stream) : await rewriteStored(stream, how);
  if (!dataset) return { leftOut: 'undecodable' };
  const header = buildPart10Header({
    sopClassUid: row.sopClassUid,
    sopInstanceUid: row.sopInstanceUid,
    transferSyntaxUid: TS.explicitLE,
  });
  return {
    file: { stream: Readable.from([header, dataset]), transferSyntaxUid: TS.explicitLE, deflate: true },
  };
}

/** A deflated data set (PS3.5 A.5) is explicit VR little endian once inflated, within the archive's inflate limits. */
async function inflated(file: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of file as AsyncIterable<Buffer>) chunks.push(chunk);
  const whole = Buffer.concat(chunks);
  const at = datasetOffset(whole);
  if (typeof at !== 'number') return null;
  const out = await dataSetInflater.inflate(whole.subarray(at), inflateLimit(whole.length - at, MAX_REWRITE_SOURCE));
  return out.ok ? out.bytes : null;
}
