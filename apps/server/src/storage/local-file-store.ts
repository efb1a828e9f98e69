import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { DurableWriter, leftoversOfEndedWriters } from './durable-writer';
import type { FileStore, StagedFile, StoredFile } from './file-store';

/** Files under one directory: written to a temporary name, fsynced, renamed, and the directory fsynced (ARCHITECTURE §4). */
export class LocalFileStore implements FileStore {
  private readonly tmpDir: string;
  private readonly madeDirs = new Set<string>();
  private readonly dirSyncs = new Map<string, DirSync>();
  private readonly writer: DurableWriter;
  private readonly writerState: string;
  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
    this.writerState = path.join(this.tmpDir, 'durable');
    this.writer = new DurableWriter(this.writerState);
  }

  async putBytes(bytes: Buffer, opts: { prefix: string; sha256?: string }): Promise<StoredFile> {
    const staged = this.putBytesStaged(bytes, opts);
    const [stored] = await Promise.all([staged.written, staged.durable]);
    return stored;
  }

  putBytesStaged(bytes: Buffer, opts: { prefix: string; sha256?: string }): StagedFile {
    const dir = keyFolder(opts.prefix);
    const staged = this.writer.writeStaged(bytes, this.pathOf(dir), opts.sha256);
    const written = staged.written.then(({ name, sha256 }) => ({
      key: `${dir}/${name}`,
      sizeBytes: bytes.length,
      sha256,
    }));
    written.catch(() => undefined);
    return { written, durable: staged.durable, flushedNow: staged.flushedNow };
  }

  crashLeftovers(prefix: string): { files: { key: string; sizeBytes: number }[]; settle(): void } {
    const left = leftoversOfEndedWriters(this.writerState);
    const under = path.resolve(this.root, prefix) + path.sep;
    const files = left.files
      .filter((f) => path.resolve(f.path).startsWith(under))
      .map((f) => ({ key: path.relative(this.root, f.path).split(path.sep).join('/'), sizeBytes: f.sizeBytes }));
    return { files, settle: () => left.settle() };
  }

  /** Stops the durable writer's thread once its writes are done. */
  async close(): Promise<void> {
    await this.writer.close();
  }

  async put(source: Readable, opts: { prefix: string }): Promise<StoredFile> {
    return this.putAt(source, newKey(opts.prefix));
  }

  private async putAt(source: Readable, key: string): Promise<StoredFile> {
    const tmp = path.join(this.tmpDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        size += chunk.length;
        cb(null, chunk);
      },
    });
    try {
      await pipeline(source, tap, fs.createWriteStream(tmp, { flags: 'wx' }));
      // A truncated upload (size limit) ends the stream without an error; the caller checks and we must not keep it.
      if ((source as Readable & { truncated?: boolean }).truncated)
        throw Object.assign(new Error('file too large'), { statusCode: 413 });
      await fsyncFile(tmp);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    await this.moveIn(tmp, key);
    return { key, sizeBytes: size, sha256: hash.digest('hex') };
  }

  async adopt(
    localPath: string,
    opts: { prefix: string; sha256?: string; sizeBytes?: number; flushed?: Promise<void> },
  ): Promise<StoredFile> {
    const key = newKey(opts.prefix);
    let sizeBytes = opts.sizeBytes;
    let sha256 = opts.sha256;
    if (opts.flushed) await opts.flushed;
    if (sizeBytes === undefined || sha256 === undefined || !opts.flushed) {
      const h = await fsp.open(localPath, 'r+');
      try {
        sizeBytes = (await h.stat()).size;
        if (!sha256) sha256 = await hashOf(h, sizeBytes);
        if (!opts.flushed) await h.sync();
      } finally {
        await h.close();
      }
    }
    try {
      await this.moveIn(localPath, key);
    } catch (err) {
      // Another file system (a temp directory elsewhere): copy through put, which makes its own durable copy.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const stored = await this.putAt(fs.createReadStream(localPath), key);
      await fsp.rm(localPath, { force: true });
      return stored;
    }
    return { key, sizeBytes, sha256 };
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /** Renames a flushed file to its key and makes the directory entry durable; concurrent moves share one sync. */
  private async moveIn(file: string, key: string): Promise<void> {
    const final = this.pathOf(key);
    const dir = path.dirname(final);
    if (!this.madeDirs.has(dir)) {
      await fsp.mkdir(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    await fsp.rename(file, final);
    await this.syncDirShared(dir);
  }

  /**
   * Group commit of directory syncs: a rename waits for a sync that starts after it; renames that arrive while one
   * sync runs share the next one, so parallel stores do not each pay for their own.
   */
  private syncDirShared(dir: string): Promise<void> {
    let state = this.dirSyncs.get(dir);
    if (!state) {
      state = { running: null, next: null };
      this.dirSyncs.set(dir, state);
    }
    const s = state;
    if (s.next) return s.next;
    const start = (): Promise<void> => {
      const run = syncDir(dir).finally(() => {
        if (s.running === run) s.running = null;
      });
      s.running = run;
      return run;
    };
    if (!s.running) return start();
    const next = s.running
      .catch(() => undefined)
      .then(() => {
        s.next = null;
        return start();
      });
    s.next = next;
    return next;
  }

  async open(key: string): Promise<Readable> {
    const p = this.pathOf(key);
    await fsp.access(p);
    return fs.createReadStream(p);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fsp.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  private pathOf(key: string): string {
    const p = path.resolve(this.root, key);
    if (!p.startsWith(path.resolve(this.root) + path.sep)) throw new Error('key escapes the store');
    return p;
  }
}

interface DirSync {
  running: Promise<void> | null;
  next: Promise<void> | null;
}

/** A fresh key under a prefix, one folder per month (S3FileStore makes its keys the same way). */
export function newKey(prefix: string): string {
  return `${keyFolder(prefix)}/${randomUUID()}`;
}

/** The folder new keys of a prefix go to this month. */
function keyFolder(prefix: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(prefix)) throw new Error(`bad storage prefix ${prefix}`);
  const now = new Date();
  return `${prefix}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function hashOf(h: fsp.FileHandle, size: number): Promise<string> {
  const hash = createHash('sha256');
  // Sized to the file: a fresh 1 MiB per small instance would make the collector run for external memory.
  const buf = Buffer.allocUnsafe(Math.max(1, Math.min(size, 1 << 20)));
  let pos = 0;
  for (;;) {
    const { bytesRead } = await h.read(buf, 0, buf.length, pos);
    if (bytesRead === 0) break;
    hash.update(buf.subarray(0, bytesRead));
    pos += bytesRead;
  }
  return hash.digest('hex');
}

async function fsyncFile(file: string): Promise<void> {
  const h = await fsp.open(file, 'r+');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/** The rename is durable only once the directory entry is on disk. */
async function syncDir(dir: string): Promise<void> {
  const h = await fsp.open(dir, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}
