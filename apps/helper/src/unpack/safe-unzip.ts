import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** A zip the helper refuses to unpack, with what was wrong (an entry name, the kind of entry). */
export class UnsafeZipError extends Error {}

export interface UnzipLimits {
  maxEntries: number;
  maxBytes: number;
}

/** A DVD's worth of files, and more entries than any exam has: a zip past either is refused, not unpacked. */
export const DEFAULT_LIMITS: UnzipLimits = { maxEntries: 200_000, maxBytes: 20 * 1024 ** 3 };

/**
 * One path component the helper writes: the DICOM file ids of a CD (PS3.12: upper-case letters, digits, '_') and the
 * README beside them, with room for ordinary names. No '..', no separators, no drive letters, nothing a file system
 * on Windows or macOS reads differently.
 */
const COMPONENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,64}$/;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    // strictFileNames: a backslash is refused, not turned into a separator; entry sizes are checked as they inflate.
    yauzl.open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) =>
      err ? reject(new UnsafeZipError(err.message)) : resolve(zip),
    ),
  );
}

/** The entry's path under the folder, after every check; null for a folder entry. */
function entryPath(entry: Entry, dest: string): string | null {
  const name = entry.fileName;
  const isDir = name.endsWith('/');
  const parts = (isDir ? name.slice(0, -1) : name).split('/');
  if (!parts.every((p) => COMPONENT.test(p))) throw new UnsafeZipError(`unsafe name: ${JSON.stringify(name)}`);
  // Unix modes live in the high half of the external attributes of zips made on Unix (version made by 3).
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (entry.versionMadeBy >> 8 === 3 && mode !== 0 && mode !== (isDir ? S_IFDIR : S_IFREG))
    throw new UnsafeZipError(`not a plain file: ${JSON.stringify(name)}`);
  if (entry.isEncrypted()) throw new UnsafeZipError(`encrypted: ${JSON.stringify(name)}`);
  const full = path.join(dest, ...parts);
  if (!full.startsWith(dest + path.sep)) throw new UnsafeZipError(`outside the folder: ${JSON.stringify(name)}`);
  return isDir ? null : full;
}

/**
 * Unpacks a zip into `dest`, a folder that must not exist yet (made here, so nothing in it is anyone else's): every
 * entry a plain file or folder with a safe name, each file written new ('wx'), the whole within the limits. On any
 * refusal or write error the folder is removed and the error rethrown (UnsafeZipError, or the file system's, e.g.
 * ENOSPC).
 */
export async function safeUnzip(
  zipFile: string,
  dest: string,
  onProgress: (done: number, total: number) => void = () => {},
  limits: UnzipLimits = DEFAULT_LIMITS,
): Promise<{ files: number; bytes: number }> {
  const root = path.resolve(dest);
  const zip = await openZip(zipFile);
  try {
    if (zip.entryCount > limits.maxEntries) throw new UnsafeZipError(`too many entries: ${zip.entryCount}`);
    await fs.promises.mkdir(root);
    let files = 0;
    let bytes = 0;
    let seen = 0;
    const made = new Set<string>([root]);
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      seen += 1;
      const target = entryPath(entry, root);
      if (target) {
        bytes += entry.uncompressedSize;
        if (bytes > limits.maxBytes) throw new UnsafeZipError('the zip unpacks to more than the limit');
        const dir = path.dirname(target);
        if (!made.has(dir)) {
          await fs.promises.mkdir(dir, { recursive: true });
          made.add(dir);
        }
        await pipeline(await openEntry(zip, entry), fs.createWriteStream(target, { flags: 'wx' }));
        files += 1;
      }
      onProgress(seen, zip.entryCount);
    }
    return { files, bytes };
  } catch (err) {
    await fs.promises.rm(root, { recursive: true, force: true }).catch(() => {});
    throw err;
  } finally {
    zip.close();
  }
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: Entry) => (cleanup(), resolve(e));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(new UnsafeZipError(err.message)));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(new UnsafeZipError(err.message)) : resolve(stream))),
  );
}
