import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** One instance in a cold zip: the entry is `<SOPInstanceUID>.dcm`, the bytes exactly as stored. */
export interface ZipMember {
  sopInstanceUid: string;
  storageKey: string;
  sizeBytes: number;
  transferSyntaxUid: string;
}

export interface Digest {
  sha256: string;
  sizeBytes: number;
}

/** Written last into every cold zip: what it holds, so the zip explains itself without the index. No patient data. */
export const MANIFEST = 'rangsi-manifest.json';

/** Native pixel data shrinks under deflate; JPEG, JPEG-LS, JPEG 2000, RLE and deflated data sets do not. */
const UNCOMPRESSED = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.2']);

export const entryName = (sopInstanceUid: string) => `${sopInstanceUid}.dcm`;

/**
 * A zip of the members' files, streamed (one file open at a time, never a whole file in memory), with the SHA-256 of
 * each member's bytes as they were read, complete once the stream has ended. Any read error ends the stream with it.
 */
export function zipMembers(
  members: ZipMember[],
  open: (key: string) => Promise<Readable>,
): { stream: Readable; digests: Map<string, Digest> } {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const digests = new Map<string, Digest>();
  const fail = (err: unknown) => output.destroy(err instanceof Error ? err : new Error(String(err)));
  // yazl reports a bad member on the zip object, not on its output: forward it so the writer of the output fails.
  zip.on('error', fail);
  for (const m of members) {
    zip.addReadStreamLazy(
      entryName(m.sopInstanceUid),
      { size: m.sizeBytes, compressionLevel: UNCOMPRESSED.has(m.transferSyntaxUid) ? 6 : 0 },
      (cb) => {
        open(m.storageKey).then(
          (source) => {
            const hash = createHash('sha256');
            let size = 0;
            const tap = new Transform({
              transform(chunk: Buffer, _enc, done) {
                hash.update(chunk);
                size += chunk.length;
                done(null, chunk);
              },
              flush(done) {
                digests.set(m.sopInstanceUid, { sha256: hash.digest('hex'), sizeBytes: size });
                done();
              },
            });
            source.on('error', fail);
            tap.on('error', fail);
            cb(null, source.pipe(tap));
          },
          (err: unknown) => cb(err instanceof Error ? err : new Error(String(err)), null as unknown as Readable),
        );
      },
    );
  }
  zip.addReadStreamLazy(MANIFEST, {}, (cb) => {
    const body = JSON.stringify({
      format: 'rangsi-cold-study/1',
      instances: members.map((m) => ({
        sopInstanceUid: m.sopInstanceUid,
        transferSyntaxUid: m.transferSyntaxUid,
        ...digests.get(m.sopInstanceUid),
      })),
    });
    const s = new PassThrough();
    s.end(body);
    cb(null, s);
  });
  zip.end();
  return { stream: output, digests };
}

/**
 * Reads every entry of a zip on disk, hashing each: a damaged zip (bad structure, wrong sizes, a deflate error)
 * rejects. `onEntry` may consume the bytes itself (restoring them somewhere); they are hashed on the way.
 */
export async function readZip(
  zipPath: string,
  onEntry?: (name: string, bytes: Readable) => Promise<void>,
  signal?: AbortSignal,
): Promise<Map<string, Digest>> {
  const out = new Map<string, Digest>();
  const zip = await yauzl.openPromise(zipPath, {
    lazyEntries: true,
    autoClose: true,
    validateEntrySizes: true,
    strictFileNames: true,
  });
  try {
    for await (const entry of zip.eachEntry()) {
      signal?.throwIfAborted();
      if (entry.fileName.endsWith('/')) continue;
      const source = await zip.openReadStreamPromise(entry);
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      source.on('error', (err) => tap.destroy(err));
      const piped = source.pipe(tap);
      if (onEntry) {
        await onEntry(entry.fileName, piped);
      } else {
        for await (const chunk of piped) void chunk;
      }
      if (!piped.readableEnded && !piped.destroyed) {
        // The consumer stopped early: drain the rest so the hash covers the whole entry.
        for await (const chunk of piped) void chunk;
      }
      if (piped.errored) throw piped.errored;
      out.set(entry.fileName, { sha256: hash.digest('hex'), sizeBytes: size });
    }
  } finally {
    zip.close();
  }
  return out;
}
