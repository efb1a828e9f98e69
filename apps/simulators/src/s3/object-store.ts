import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { S3Error } from './s3-error';
import { sha256Hex } from './signature-v4';

/** An object's description, kept as JSON beside its data file. */
export interface ObjectMeta {
  key: string;
  /** Name of the data file in the bucket's directory. */
  file: string;
  size: number;
  etag: string;
  contentType: string;
  lastModified: string;
  metadata: Record<string, string>;
}

export function validBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) && !name.includes('..');
}

/**
 * Buckets as directories, each object as one JSON description and one data file; the key's SHA-256 names them, so
 * any key is safe on disk. Not durable against power loss (no fsync): it is a simulator.
 */
export class ObjectStore {
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly tmpDir: string;

  private constructor(private readonly dir: string) {
    this.tmpDir = path.join(dir, '.tmp');
  }

  /** Opens the store in `dir` (created when missing) with `buckets` made (existing ones are kept). */
  static async open(dir: string, buckets: readonly string[]): Promise<ObjectStore> {
    const store = new ObjectStore(path.resolve(dir));
    await fsp.mkdir(store.tmpDir, { recursive: true });
    for (const bucket of buckets) {
      if (!validBucketName(bucket)) throw new Error(`bad bucket name ${bucket}`);
      await fsp.mkdir(store.bucketDir(bucket), { recursive: true });
    }
    return store;
  }

  /** A fresh name to receive an upload under, before it becomes an object's data file. */
  tempPath(): string {
    return path.join(this.tmpDir, randomUUID());
  }

  /** The data file of a new version of `key`: a new name each time, so a reader of the old description gets the old bytes. */
  newDataFile(key: string): string {
    return `${sha256Hex(key)}.${randomUUID()}.bin`;
  }

  dataPath(bucket: string, meta: ObjectMeta): string {
    return path.join(this.bucketDir(bucket), meta.file);
  }

  async bucketExists(bucket: string): Promise<boolean> {
    if (!validBucketName(bucket)) return false;
    try {
      return (await fsp.stat(this.bucketDir(bucket))).isDirectory();
    } catch {
      return false;
    }
  }

  async requireBucket(bucket: string): Promise<void> {
    if (!(await this.bucketExists(bucket)))
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
  }

  async createBucket(bucket: string): Promise<void> {
    if (!validBucketName(bucket))
      throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.', { BucketName: bucket });
    if (await this.bucketExists(bucket))
      throw new S3Error(
        409,
        'BucketAlreadyOwnedByYou',
        'Your previous request to create the named bucket succeeded and you already own it.',
        { BucketName: bucket },
      );
    await fsp.mkdir(this.bucketDir(bucket), { recursive: true });
  }

  async requireObject(bucket: string, key: string): Promise<ObjectMeta> {
    await this.requireBucket(bucket);
    const meta = await this.readMeta(bucket, key);
    if (!meta) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
    return meta;
  }

  /** Makes the upload at `tmp` the object `meta.key`; the object it replaces, if any, goes. */
  async replace(bucket: string, tmp: string, meta: ObjectMeta): Promise<void> {
    await this.locked(bucket, meta.key, async () => {
      const old = await this.readMeta(bucket, meta.key);
      await fsp.rename(tmp, this.dataPath(bucket, meta));
      const metaTmp = this.tempPath();
      await fsp.writeFile(metaTmp, JSON.stringify(meta));
      await fsp.rename(metaTmp, this.metaPath(bucket, meta.key));
      if (old && old.file !== meta.file) await fsp.rm(this.dataPath(bucket, old), { force: true });
    });
  }

  /** Removes the object; a missing key is fine, as on S3. */
  async delete(bucket: string, key: string): Promise<void> {
    await this.locked(bucket, key, async () => {
      const meta = await this.readMeta(bucket, key);
      if (!meta) return;
      await fsp.rm(this.metaPath(bucket, key), { force: true });
      await fsp.rm(this.dataPath(bucket, meta), { force: true });
    });
  }

  /** Every object's description in the bucket, in no order. */
  async list(bucket: string): Promise<ObjectMeta[]> {
    const names = await fsp.readdir(this.bucketDir(bucket));
    const metas: ObjectMeta[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      try {
        metas.push(JSON.parse(await fsp.readFile(path.join(this.bucketDir(bucket), name), 'utf8')) as ObjectMeta);
      } catch {
        // Deleted while listing.
      }
    }
    return metas;
  }

  private bucketDir(bucket: string): string {
    return path.join(this.dir, bucket);
  }

  private metaPath(bucket: string, key: string): string {
    return path.join(this.bucketDir(bucket), `${sha256Hex(key)}.json`);
  }

  private async readMeta(bucket: string, key: string): Promise<ObjectMeta | null> {
    try {
      return JSON.parse(await fsp.readFile(this.metaPath(bucket, key), 'utf8')) as ObjectMeta;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** One write or delete of a key at a time (the description and the data file change together). */
  private async locked<T>(bucket: string, key: string, fn: () => Promise<T>): Promise<T> {
    const id = `${bucket}\n${key}`;
    const previous = this.locks.get(id) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    this.locks.set(id, run);
    try {
      return await run;
    } finally {
      if (this.locks.get(id) === run) this.locks.delete(id);
    }
  }
}
