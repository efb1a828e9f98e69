import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

/**
 * One backup is one zip (docs/decisions/sec60-backup-archive.md): the embedded database's data directory under
 * `database/pg/` (copied while no transaction runs), every stored file under `files/`, and `manifest.json` last, listing every other entry with its size
 * and SHA-256. Restore trusts nothing it has not checked against the manifest.
 */
export const MANIFEST_ENTRY = 'manifest.json';
/** The embedded database's data directory, file by file, as copied under its lock. */
export const DATABASE_PREFIX = 'database/pg/';
export const FILES_PREFIX = 'files/';
export const BACKUP_FORMAT = 'rangsi-backup';

/** Files up to this size are read whole; larger ones are streamed. */
const SMALL_FILE = 4 * 1024 * 1024;
/** At most this much of the archive waits in memory to be written. */
const MAX_QUEUED = 32 * 1024 * 1024;

export interface ManifestEntry {
  name: string;
  sizeBytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** When the database snapshot was taken (ISO 8601): everything committed before it is in the archive. */
  createdAt: string;
  engine: 'pglite';
  fileStore: 'local' | 's3';
  database: ManifestEntry[];
  files: ManifestEntry[];
  /** Keys of stored files the snapshot's rows name, and those of them not found (deleted by a purge meanwhile). */
  referenced: { count: number; missing: string[] };
}

/** A backup that cannot be trusted, or a place it cannot go; the message is for the person running restore. */
export class BackupArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupArchiveError';
  }
}

/** Writes an archive entry by entry; the manifest is added by finish() from what was really written. */
export class ArchiveWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly written: Promise<void>;
  private failed: Error | null = null;

  /** Bytes of small files queued whole since the last streamed entry (which the zip reaches only after them). */
  private sinceBarrier = 0;

  constructor(private readonly file: string) {
    this.written = pipeline(this.zip.outputStream, fs.createWriteStream(file, { flags: 'wx' }));
    this.written.catch((err: Error) => {
      this.failed = err;
    });
  }

  async addBuffer(name: string, bytes: Buffer): Promise<ManifestEntry> {
    this.check();
    this.zip.addBuffer(bytes, name, { compress: true, mtime: new Date() });
    return { name, sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** A folder that may be empty (PostgreSQL needs its empty folders: pg_tblspc, pg_twophase …). */
  addDirectory(name: string): void {
    this.check();
    this.zip.addEmptyDirectory(name, { mtime: new Date() });
  }

  /**
   * Adds the first `sizeBytes` of a file (stored files never change once written, so this is the whole file); null if
   * the file went away (purged) before it was opened.
   */
  async addFile(
    name: string,
    absPath: string,
    opts: { sizeBytes: number; compress: boolean },
  ): Promise<ManifestEntry | null> {
    this.check();
    // Every MAX_QUEUED bytes a file is streamed: the zip reads it only once every buffer before it is written out,
    // which keeps what waits in memory bounded.
    if (opts.sizeBytes <= SMALL_FILE && this.sinceBarrier + opts.sizeBytes <= MAX_QUEUED) {
      this.sinceBarrier += opts.sizeBytes;
      return this.addSmallFile(name, absPath, opts);
    }
    this.sinceBarrier = 0;
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(absPath, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        size += chunk.length;
        cb(null, chunk);
      },
    });
    const source = handle.createReadStream({ start: 0, end: Math.max(0, opts.sizeBytes - 1), autoClose: true });
    const consumed = new Promise<void>((resolve, reject) => {
      tap.on('end', resolve);
      tap.on('error', reject);
      source.on('error', reject);
      // The output failing (a full disk) stops the zip reading this entry: fail rather than wait for ever.
      this.written.catch(reject);
    });
    if (opts.sizeBytes === 0) {
      source.destroy();
      tap.end();
    } else {
      source.pipe(tap);
    }
    this.zip.addReadStream(tap, name, { compress: opts.compress, mtime: new Date(), size: opts.sizeBytes });
    await consumed;
    if (size !== opts.sizeBytes) throw new BackupArchiveError(`${name}: read ${size} of ${opts.sizeBytes} bytes`);
    return { name, sizeBytes: size, sha256: hash.digest('hex') };
  }

  /**
   * Most stored files are small (a DICOM instance of a CR or CT slice): read in one synchronous call and queued whole.
   * On a busy server the thread pool is queued behind fsyncs, and the several asynchronous steps of a stream per file
   * made a backup of thousands of files take minutes; addFile bounds the queue.
   */
  private async addSmallFile(
    name: string,
    absPath: string,
    opts: { sizeBytes: number; compress: boolean },
  ): Promise<ManifestEntry | null> {
    let bytes: Buffer;
    try {
      const fd = fs.openSync(absPath, 'r');
      try {
        bytes = Buffer.allocUnsafe(opts.sizeBytes);
        let got = 0;
        while (got < opts.sizeBytes) {
          const n = fs.readSync(fd, bytes, got, opts.sizeBytes - got, got);
          if (n === 0) break;
          got += n;
        }
        if (got !== opts.sizeBytes) throw new BackupArchiveError(`${name}: read ${got} of ${opts.sizeBytes} bytes`);
      } finally {
        fs.closeSync(fd);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    this.zip.addBuffer(bytes, name, { compress: opts.compress, mtime: new Date() });
    return { name, sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Adds the manifest, ends the zip and flushes it to disk. */
  async finish(manifest: BackupManifest): Promise<void> {
    this.check();
    this.zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST_ENTRY, {
      compress: true,
      mtime: new Date(),
    });
    this.zip.end();
    await this.written;
    const fd = await fsp.open(this.file, 'r');
    try {
      await fd.sync();
    } finally {
      await fd.close();
    }
  }

  /** Stops writing (after a failure); the caller removes the file. */
  async abort(): Promise<void> {
    (this.zip.outputStream as Readable).destroy();
    await this.written.catch(() => undefined);
  }

  private check(): void {
    if (this.failed) throw this.failed;
  }
}

/** A name a restore may write: a relative path of plain segments (no `..`, no absolute path, no backslash). */
export function isSafeEntryName(name: string): boolean {
  if (name === MANIFEST_ENTRY) return true;
  const prefix = [FILES_PREFIX, DATABASE_PREFIX].find((p) => name.startsWith(p));
  if (!prefix || name.length > 1024) return false;
  const segments = name.slice(prefix.length).split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/[\\\0]/.test(s));
}

async function openZip(file: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(file, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
      autoClose: false,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupArchiveError(`No backup archive at ${file}`);
    throw new BackupArchiveError(`${path.basename(file)} is not a readable backup archive (${(err as Error).message})`);
  }
}

async function streamDigest(
  stream: Readable,
  sink?: (chunk: Buffer) => void | Promise<void>,
): Promise<{ sizeBytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    sizeBytes += chunk.length;
    if (sink) await sink(chunk);
  }
  return { sizeBytes, sha256: hash.digest('hex') };
}

function parseManifest(bytes: Buffer): BackupManifest {
  let m: BackupManifest;
  try {
    m = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupArchiveError('The manifest of this backup is damaged (not JSON)');
  }
  const entryOk = (e: unknown): e is ManifestEntry => {
    const x = e as ManifestEntry | null;
    return (
      !!x &&
      typeof x.name === 'string' &&
      Number.isSafeInteger(x.sizeBytes) &&
      x.sizeBytes >= 0 &&
      /^[0-9a-f]{64}$/.test(String(x.sha256))
    );
  };
  if (m?.format !== BACKUP_FORMAT || m.version !== 1)
    throw new BackupArchiveError('This is not a Rangsi backup (or a newer format than this version reads)');
  if (
    !Array.isArray(m.database) ||
    !m.database.length ||
    !m.database.every((e) => entryOk(e) && e.name.startsWith(DATABASE_PREFIX)) ||
    !Array.isArray(m.files) ||
    !m.files.every((e) => entryOk(e) && e.name.startsWith(FILES_PREFIX))
  ) {
    throw new BackupArchiveError('The manifest of this backup is damaged (entries missing or malformed)');
  }
  return m;
}

/**
 * Reads every entry of an archive and checks it against the manifest: each listed entry present with its size and
 * SHA-256, nothing unlisted, every name safe to write. Throws BackupArchiveError naming the first problem.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const zip = await openZip(file);
  const seen = new Map<string, { sizeBytes: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  try {
    for await (const entry of entriesOf(zip)) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      if (!isSafeEntryName(name))
        throw new BackupArchiveError(`The backup holds an entry with an unsafe name (${name.slice(0, 80)})`);
      if (seen.has(name) || (name === MANIFEST_ENTRY && manifestBytes))
        throw new BackupArchiveError(`The backup holds ${name} twice`);
      const stream = await openEntry(zip, name, entry);
      if (name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        await streamDigest(stream, (c) => {
          chunks.push(c);
        });
        manifestBytes = Buffer.concat(chunks);
      } else {
        seen.set(name, await digestEntry(stream, name));
      }
    }
  } finally {
    zip.close();
  }
  if (!manifestBytes)
    throw new BackupArchiveError('The backup has no manifest: it is incomplete or not a Rangsi backup');
  const manifest = parseManifest(manifestBytes);
  const listed = [...manifest.database, ...manifest.files];
  for (const e of listed) {
    const got = seen.get(e.name);
    if (!got) throw new BackupArchiveError(`The backup is incomplete: ${e.name} is missing`);
    if (got.sizeBytes !== e.sizeBytes || got.sha256 !== e.sha256)
      throw new BackupArchiveError(`The backup is damaged: ${e.name} does not match its checksum`);
    seen.delete(e.name);
  }
  if (seen.size)
    throw new BackupArchiveError(`The backup holds entries its manifest does not list (${[...seen.keys()][0]})`);
  return manifest;
}

/**
 * Writes every verified entry under `destDir` (files/ and pg/ as they were), checking each one's checksum again as it
 * is written: the archive may change between the check and the copy.
 */
export async function extractArchive(file: string, manifest: BackupManifest, destDir: string): Promise<void> {
  const expected = new Map([...manifest.database, ...manifest.files].map((e) => [e.name, e]));
  const zip = await openZip(file);
  try {
    for await (const entry of entriesOf(zip)) {
      const name = entry.fileName;
      if (name === MANIFEST_ENTRY) continue;
      if (name.endsWith('/')) {
        const dir = name.slice(0, -1);
        if (dir.startsWith(DATABASE_PREFIX) && isSafeEntryName(dir))
          await fsp.mkdir(path.join(destDir, 'pg', ...dir.slice(DATABASE_PREFIX.length).split('/')), {
            recursive: true,
          });
        continue;
      }
      const want = expected.get(name);
      if (!want || !isSafeEntryName(name))
        throw new BackupArchiveError(`The backup changed while it was restored (${name.slice(0, 80)})`);
      const stream = await openEntry(zip, name, entry);
      const rel = name.startsWith(DATABASE_PREFIX) ? `pg/${name.slice(DATABASE_PREFIX.length)}` : name;
      const target = path.join(destDir, ...rel.split('/'));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const out = await fsp.open(target, 'wx');
      let got: { sizeBytes: number; sha256: string };
      try {
        got = await streamDigest(stream, async (c) => {
          await out.write(c);
        });
      } finally {
        await out.close();
      }
      if (got.sha256 !== want.sha256 || got.sizeBytes !== want.sizeBytes)
        throw new BackupArchiveError(`The backup is damaged: ${name} does not match its checksum`);
      expected.delete(name);
    }
  } finally {
    zip.close();
  }
  if (expected.size)
    throw new BackupArchiveError(`The backup changed while it was restored (${[...expected.keys()][0]} is gone)`);
}

async function digestEntry(stream: Readable, name: string): Promise<{ sizeBytes: number; sha256: string }> {
  try {
    return await streamDigest(stream);
  } catch (err) {
    throw new BackupArchiveError(`The backup is damaged: ${name} cannot be read (${(err as Error).message})`);
  }
}

async function openEntry(zip: yauzl.ZipFile, name: string, entry: yauzl.Entry): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(entry);
  } catch (err) {
    throw new BackupArchiveError(`The backup is damaged: ${name} cannot be read (${(err as Error).message})`);
  }
}

/** The entries of a zip, wrapping yauzl's own errors (a damaged central directory) as a damaged backup. */
async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  try {
    for await (const entry of zip.eachEntry()) yield entry;
  } catch (err) {
    if (err instanceof BackupArchiveError) throw err;
    throw new BackupArchiveError(`The backup is damaged (${(err as Error).message})`);
  }
}
