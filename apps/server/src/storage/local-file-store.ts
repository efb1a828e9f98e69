import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { FileStore, StoredFile } from './file-store';

/** Files under one directory: written to a temporary name, fsynced, renamed, and the directory fsynced (ARCHITECTURE §4). */
export class LocalFileStore implements FileStore {
  private readonly tmpDir: string;
  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  async put(source: Readable, opts: { prefix: string }): Promise<StoredFile> {
    if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(opts.prefix)) throw new Error(`bad storage prefix ${opts.prefix}`);
    const now = new Date();
    const key = `${opts.prefix}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
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
      if ((source as Readable & { truncated?: boolean }).truncated) throw Object.assign(new Error('file too large'), { statusCode: 413 });
      await fsyncFile(tmp);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    const final = this.pathOf(key);
    await fsp.mkdir(path.dirname(final), { recursive: true });
    await fsp.rename(tmp, final);
    await syncDir(path.dirname(final));
    return { key, sizeBytes: size, sha256: hash.digest('hex') };
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
