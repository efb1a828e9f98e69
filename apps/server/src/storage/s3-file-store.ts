import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStore, StoredFile } from './file-store';
import { newKey } from './local-file-store';

export interface S3FileStoreOptions {
  bucket: string;
  /** The region requests are signed for (MinIO and Ceph accept us-east-1 unless configured otherwise). */
  region: string;
  /** An S3-compatible endpoint (http://minio:9000); unset: AWS S3 in `region`. */
  endpoint?: string;
  /** endpoint/bucket/key rather than bucket.endpoint/key: what MinIO and Ceph RGW expect. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder in the bucket every key goes under (`rangsi/` → rangsi/dicom/2026/05/…). The keys handed out do not carry it. */
  keyPrefix?: string;
  /** Local directory for temporary files: put() spools its stream here before the upload, withLocalFile() downloads here. */
  tmpDir: string;
  /** Attempts per request on network errors, 5xx and throttling (the SDK's for reads, our own for uploads). Default 3. */
  maxAttempts?: number;
  /** Connection set-up limit and socket idle limit. */
  connectionTimeoutMs?: number;
  socketTimeoutMs?: number;
}

/**
 * Why a storage request failed, without the S3 error itself: its message, its XML (which may echo the access key id,
 * the string to sign and the canonical request) and its request are not kept, so logging this error leaks neither
 * credentials nor anything of the stored file. `code` follows the file system's (ENOENT missing, EACCES refused,
 * EIO anything else) so callers written for the local store read it the same way.
 */
export class S3StoreError extends Error {
  override readonly name = 'S3StoreError';
  constructor(
    readonly operation: string,
    readonly code: 'ENOENT' | 'EACCES' | 'EIO',
    /** S3's error code (NoSuchKey, SignatureDoesNotMatch …) or the network error's (ECONNREFUSED …). */
    readonly s3Code: string,
    /** S3's HTTP status; undefined when no answer came. Not `statusCode`: the HTTP error handler would reply with it. */
    readonly httpStatus: number | undefined,
  ) {
    super(describe(operation, s3Code, httpStatus));
  }
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW): the scale-out FileStore of ARCHITECTURE §1. Keys are
 * the local store's (`prefix/YYYY/MM/uuid`), under `keyPrefix` in the bucket. A put resolves once the bucket has
 * acknowledged the object, which S3 does only when it is stored durably.
 *
 * Uploads: the stream is spooled to a local temp file first (hashing it), so the PutObject has a known length and can
 * be sent again after a network error. The request is signed with the object's SHA-256 as its payload hash
 * (x-amz-content-sha256), so the bucket itself refuses bytes that differ from the hash we record, and the hash is
 * kept as object metadata (x-amz-meta-sha256). The SDK's default CRC32 trailer (aws-chunked) is turned off
 * (`requestChecksumCalculation: 'WHEN_REQUIRED'`): several S3-compatible servers refuse it, and the signed payload
 * hash already covers the body end to end.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;
  private readonly maxAttempts: number;
  readonly tmpDir: string;

  constructor(opts: S3FileStoreOptions) {
    this.bucket = opts.bucket;
    this.keyPrefix = normalizePrefix(opts.keyPrefix);
    this.maxAttempts = opts.maxAttempts ?? 3;
    this.tmpDir = opts.tmpDir;
    fs.mkdirSync(this.tmpDir, { recursive: true });
    void removeStaleSpools(this.tmpDir);
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      maxAttempts: this.maxAttempts,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: opts.connectionTimeoutMs ?? 10_000,
        requestTimeout: opts.socketTimeoutMs ?? 300_000,
      },
      // The SDK would print to the console (a failed streaming request, retries); our errors say what went wrong.
      logger: silentLogger,
    });
  }

  async put(source: Readable, opts: { prefix: string }): Promise<StoredFile> {
    const key = newKey(opts.prefix);
    const spool = path.join(this.tmpDir, randomUUID());
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
      await pipeline(source, tap, fs.createWriteStream(spool, { flags: 'wx' }));
      // A truncated upload (size limit) ends the stream without an error; the caller checks and we must not keep it.
      if ((source as Readable & { truncated?: boolean }).truncated)
        throw Object.assign(new Error('file too large'), { statusCode: 413 });
      const sha256 = hash.digest('hex');
      await this.upload(spool, key, size, sha256);
      return { key, sizeBytes: size, sha256 };
    } finally {
      await fsp.rm(spool, { force: true });
    }
  }

  async putBytes(bytes: Buffer, opts: { prefix: string; sha256?: string }): Promise<StoredFile> {
    if (opts.sha256 === undefined) return this.put(Readable.from([bytes]), opts);
    // The upload reads a file: spool the bytes (not fsynced: the bucket, not this disk, is what keeps them).
    const spool = path.join(this.tmpDir, randomUUID());
    await fsp.writeFile(spool, bytes, { flag: 'wx' });
    try {
      const key = newKey(opts.prefix);
      await this.upload(spool, key, bytes.length, opts.sha256);
      return { key, sizeBytes: bytes.length, sha256: opts.sha256 };
    } finally {
      await fsp.rm(spool, { force: true });
    }
  }

  async adopt(
    localPath: string,
    opts: { prefix: string; sha256?: string; sizeBytes?: number; flushed?: Promise<void> },
  ): Promise<StoredFile> {
    const key = newKey(opts.prefix);
    // The writer's flush does not matter to a bucket, but its failure does (the bytes hashed may not be the file's).
    const [facts] = await Promise.all([
      opts.sha256 !== undefined
        ? fsp.stat(localPath).then((s) => ({ sizeBytes: s.size, sha256: opts.sha256! }))
        : hashFile(localPath),
      opts.flushed,
    ]);
    if (opts.sizeBytes !== undefined && opts.sizeBytes !== facts.sizeBytes)
      throw new Error('the file to adopt is not the size given');
    await this.upload(localPath, key, facts.sizeBytes, facts.sha256);
    await fsp.rm(localPath, { force: true });
    return { key, ...facts };
  }

  async remove(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
    } catch (err) {
      const e = toStoreError('DeleteObject', err);
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (e.code !== 'ENOENT' || e.s3Code === 'NoSuchBucket') throw e;
    }
  }

  async open(key: string): Promise<Readable> {
    const objectKey = this.objectKey(key);
    let body: unknown;
    try {
      body = (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }))).Body;
    } catch (err) {
      throw toStoreError('GetObject', err);
    }
    if (body instanceof Readable) return body;
    throw new S3StoreError('GetObject', 'EIO', 'NoBody', undefined);
  }

  async exists(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (err) {
      const e = toStoreError('HeadObject', err);
      // Refusals and outages are errors, not "missing" (the cold archive would take the file for lost).
      if (e.code !== 'ENOENT') throw e;
    }
    // A HEAD answer has no body, so a missing bucket is a bare 404 too: told apart by asking for the bucket.
    await this.check();
    return false;
  }

  /**
   * Runs `fn` on a local copy of a stored file (a zip read by random access), removed afterwards. A missing key
   * rejects with code ENOENT, like a missing local file.
   */
  async withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T> {
    const spool = path.join(this.tmpDir, randomUUID());
    try {
      await pipeline(await this.open(key), fs.createWriteStream(spool, { flags: 'wx' }));
      return await fn(spool);
    } finally {
      await fsp.rm(spool, { force: true });
    }
  }

  /**
   * Asks the bucket whether it exists and takes our credentials (HeadBucket): for a start that fails at once on a
   * wrong setting rather than at the first upload.
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const e = toStoreError('HeadBucket', err);
      throw e.code === 'ENOENT' ? new S3StoreError('HeadBucket', 'ENOENT', 'NoSuchBucket', e.httpStatus) : e;
    }
  }

  /** Every key under `prefix/` (dicom:reindex), in the bucket's order; objects that are not store keys are left out. */
  async *listKeys(prefix: string): AsyncGenerator<string> {
    const objectPrefix = `${this.objectKey(prefix)}/`;
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: objectPrefix, ContinuationToken: token }),
        );
      } catch (err) {
        throw toStoreError('ListObjectsV2', err);
      }
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(this.keyPrefix.length);
        if (key && KEY.test(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Ends the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }

  /**
   * One PutObject of a local file, signed with its SHA-256 as the payload hash, sent again on network errors, 5xx and
   * throttling (the SDK does not resend a streamed body itself).
   */
  private async upload(file: string, key: string, size: number, sha256: string): Promise<void> {
    const objectKey = this.objectKey(key);
    for (let attempt = 1; ; attempt++) {
      const body = fs.createReadStream(file);
      const command = new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: body,
        ContentLength: size,
        ContentType: 'application/octet-stream',
        Metadata: { sha256 },
      });
      command.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { headers?: Record<string, string> };
          // Taken by the signer as the payload hash instead of UNSIGNED-PAYLOAD: the bucket checks the body against it.
          if (request.headers) request.headers['x-amz-content-sha256'] = sha256;
          return next(args);
        },
        { step: 'build', name: 'rangsiSignedPayloadHash' },
      );
      try {
        await this.client.send(command);
        return;
      } catch (err) {
        body.destroy();
        const e = toStoreError('PutObject', err);
        if (attempt >= this.maxAttempts || !retryable(e)) throw e;
        await sleep(Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
      }
    }
  }

  private objectKey(key: string): string {
    if (!KEY.test(key) || key.length > 900) throw new Error('bad storage key');
    return `${this.keyPrefix}${key}`;
  }
}

/** Segments of letters, digits, '.', '_' and '-', none starting with a dot: no '..', no '/x', no empty segment. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

function normalizePrefix(prefix: string | undefined): string {
  if (!prefix) return '';
  const trimmed = prefix.replace(/\/+$/, '');
  if (!KEY.test(trimmed)) throw new Error('bad S3 key prefix');
  return `${trimmed}/`;
}

function toStoreError(operation: string, err: unknown): S3StoreError {
  if (err instanceof S3StoreError) return err;
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  const e = err as { code?: unknown; name?: unknown } | null;
  let s3Code =
    err instanceof S3ServiceException
      ? err.name
      : typeof e?.code === 'string'
        ? e.code
        : typeof e?.name === 'string'
          ? e.name
          : 'Error';
  // A HEAD answer has no body to name the error: the SDK says Unknown.
  if (s3Code === 'Unknown' && status !== undefined) s3Code = HEAD_ERRORS[status] ?? `HTTP${status}`;
  const code =
    status === 404 || s3Code === 'NoSuchKey' || s3Code === 'NotFound' || s3Code === 'NoSuchBucket'
      ? 'ENOENT'
      : status === 401 || status === 403
        ? 'EACCES'
        : 'EIO';
  return new S3StoreError(operation, code, s3Code.slice(0, 64), status);
}

const HEAD_ERRORS: Record<number, string> = {
  400: 'BadRequest',
  403: 'Forbidden',
  404: 'NotFound',
  412: 'PreconditionFailed',
};

function retryable(e: S3StoreError): boolean {
  if (e.httpStatus === undefined) return true;
  return e.httpStatus >= 500 || e.httpStatus === 429 || e.s3Code === 'RequestTimeout' || e.s3Code === 'SlowDown';
}

function describe(operation: string, s3Code: string, status: number | undefined): string {
  const what = `S3 ${operation} failed: ${status === undefined ? 'no answer' : `HTTP ${status}`} ${s3Code}`;
  if (['SignatureDoesNotMatch', 'InvalidAccessKeyId', 'AccessDenied', 'Forbidden'].includes(s3Code) || status === 403) {
    return `${what} (the bucket refused our credentials or their rights: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION)`;
  }
  if (s3Code === 'NoSuchBucket') return `${what} (check S3_BUCKET)`;
  if (s3Code === 'RequestTimeTooSkewed') return `${what} (this server's clock is off)`;
  if (s3Code === 'AuthorizationHeaderMalformed') return `${what} (check S3_REGION)`;
  if (status === undefined) return `${what} (check S3_ENDPOINT and the network)`;
  return what;
}

async function hashFile(file: string): Promise<{ sizeBytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    sizeBytes += (chunk as Buffer).length;
  }
  return { sizeBytes, sha256: hash.digest('hex') };
}

/** Spool files left by a crash (older than an hour: a running upload's are younger). */
async function removeStaleSpools(dir: string): Promise<void> {
  try {
    const cutoff = Date.now() - 3_600_000;
    for (const name of await fsp.readdir(dir)) {
      const p = path.join(dir, name);
      const st = await fsp.stat(p).catch(() => null);
      if (st?.isFile() && st.mtimeMs < cutoff) await fsp.rm(p, { force: true });
    }
  } catch {
    // Best effort.
  }
}

const silentLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
