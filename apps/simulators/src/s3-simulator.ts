/**
 * S3-compatible object store simulator (the bucket ARCHITECTURE names for scale-out), for development and tests:
 * the product's own S3 client (`@aws-sdk/client-s3` in apps/server/src/storage/s3-file-store.ts) talks to it as it
 * would to AWS S3, MinIO or Ceph RGW.
 *
 *   PUT    /{bucket}/{key}                  PutObject (x-amz-meta-* kept; Content-MD5 and x-amz-checksum-* checked)
 *   GET    /{bucket}/{key}                  GetObject (Range: bytes=a-b, a-, -n)
 *   HEAD   /{bucket}/{key}                  HeadObject
 *   DELETE /{bucket}/{key}                  DeleteObject (a missing key is fine, as on S3)
 *   GET    /{bucket}?list-type=2            ListObjectsV2 (prefix, delimiter, max-keys, start-after, continuation-token)
 *   GET    /{bucket}                        ListObjects, the original (prefix, delimiter, max-keys, marker)
 *   HEAD   /{bucket}, PUT /{bucket}         HeadBucket, CreateBucket
 * Virtual-host style too (`{bucket}.{S3_SIM_VHOST_SUFFIX}`), when a suffix is configured.
 *
 * Every request must carry a valid AWS Signature Version 4 `Authorization` header, checked as S3 checks it: the
 * canonical request (method, URI-encoded path, sorted query, signed headers, payload hash from
 * x-amz-content-sha256), the credential scope (date, region, service `s3`), a clock skew of at most 15 minutes and no
 * unsigned x-amz-* header. A wrong secret answers 403 SignatureDoesNotMatch. Payloads: a hex SHA-256 (checked
 * against the body: 400 XAmzContentSHA256Mismatch), UNSIGNED-PAYLOAD, or STREAMING-UNSIGNED-PAYLOAD-TRAILER
 * (aws-chunked with a trailing checksum, what recent SDKs send by default for a streamed PutObject). Signed chunks
 * (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) and presigned URLs answer 501 NotImplemented. Errors are S3's XML documents.
 *
 * Objects live in a directory (one JSON description and one data file per key; the key's SHA-256 names them), so
 * any key is safe on disk. Not durable against power loss (no fsync): it is a simulator.
 *
 * Environment: S3_SIM_PORT (default 19000), S3_SIM_HOST (default 127.0.0.1), S3_SIM_DIR (default a directory in the
 * system temp dir), S3_SIM_REGION (default us-east-1), S3_SIM_ACCESS_KEY_ID / S3_SIM_SECRET_ACCESS_KEY (default
 * rangsi-sim / rangsi-sim-secret), S3_SIM_BUCKETS (created at start, comma-separated, default rangsi),
 * S3_SIM_VHOST_SUFFIX (unset: path style only).
 *
 *   npx tsx apps/simulators/src/s3-simulator.ts
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { portFromEnv, stopOnSignals } from './lib/sim-server';

export interface S3SimulatorOptions {
  /** 0 picks a free port (tests). */
  port: number;
  host: string;
  /** Where buckets and objects are kept; created when missing. */
  dir: string;
  /** The region requests must be signed for. */
  region: string;
  /** Access key id → secret access key. */
  credentials: Record<string, string>;
  /** Buckets made at start (existing ones are kept). */
  buckets?: string[];
  /** Host suffix for virtual-host style requests: `{bucket}.{suffix}` (port ignored). */
  virtualHostSuffix?: string;
  /** Largest object accepted (S3's single PUT limit is 5 GiB). */
  maxObjectBytes?: number;
  /** Allowed difference between the request's x-amz-date and this clock (S3: 15 minutes). */
  maxClockSkewMs?: number;
  /** The simulator's clock (tests of the skew check). */
  now?: () => Date;
  /** Failures of the simulator itself (default console.error). Never given object data. */
  onError?: (err: unknown) => void;
}

export interface S3Simulator {
  server: Server;
  port: number;
  /** Base URL, e.g. http://127.0.0.1:19000 */
  url: string;
  close(): Promise<void>;
}

const DEFAULT_MAX_OBJECT_BYTES = 5 * 1024 ** 3;
const DEFAULT_MAX_SKEW_MS = 15 * 60_000;
const MAX_KEY_BYTES = 1024;
const XML_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** An S3 error answer: status, code, message and the extra elements S3 puts in its XML. */
class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface ObjectMeta {
  key: string;
  /** Name of the data file in the bucket's directory. */
  file: string;
  size: number;
  etag: string;
  contentType: string;
  lastModified: string;
  metadata: Record<string, string>;
}

type PayloadMode = { kind: 'signed'; sha256: string } | { kind: 'unsigned' } | { kind: 'streaming-unsigned-trailer' };

export async function startS3Simulator(options: S3SimulatorOptions): Promise<S3Simulator> {
  const dir = path.resolve(options.dir);
  const tmpDir = path.join(dir, '.tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  for (const bucket of options.buckets ?? []) {
    if (!validBucketName(bucket)) throw new Error(`bad bucket name ${bucket}`);
    await fsp.mkdir(path.join(dir, bucket), { recursive: true });
  }
  const now = options.now ?? (() => new Date());
  const maxObjectBytes = options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES;
  const maxSkewMs = options.maxClockSkewMs ?? DEFAULT_MAX_SKEW_MS;
  const onError = options.onError ?? ((err: unknown) => console.error('[s3-simulator]', err));
  const locks = new Map<string, Promise<unknown>>();

  /** One write or delete of a key at a time (the description and the data file change together). */
  async function locked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const previous = locks.get(id) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    locks.set(id, run);
    try {
      return await run;
    } finally {
      if (locks.get(id) === run) locks.delete(id);
    }
  }

  const bucketDir = (bucket: string) => path.join(dir, bucket);
  const metaPath = (bucket: string, key: string) => path.join(bucketDir(bucket), `${sha256Hex(key)}.json`);

  async function bucketExists(bucket: string): Promise<boolean> {
    if (!validBucketName(bucket)) return false;
    try {
      return (await fsp.stat(bucketDir(bucket))).isDirectory();
    } catch {
      return false;
    }
  }

  async function readMeta(bucket: string, key: string): Promise<ObjectMeta | null> {
    try {
      return JSON.parse(await fsp.readFile(metaPath(bucket, key), 'utf8')) as ObjectMeta;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async function requireBucket(bucket: string): Promise<void> {
    if (!(await bucketExists(bucket)))
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
  }

  async function requireObject(bucket: string, key: string): Promise<ObjectMeta> {
    await requireBucket(bucket);
    const meta = await readMeta(bucket, key);
    if (!meta) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
    return meta;
  }

  async function putObject(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    key: string,
    payload: PayloadMode,
  ): Promise<void> {
    await requireBucket(bucket);
    const headers = req.headers;
    const declared = Number(headers['x-amz-decoded-content-length'] ?? headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > maxObjectBytes) {
      throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    }
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
    }
    const chunked = payload.kind === 'streaming-unsigned-trailer';
    if (
      chunked &&
      !String(headers['content-encoding'] ?? '')
        .split(',')
        .map((s) => s.trim())
        .includes('aws-chunked')
    ) {
      throw new S3Error(
        400,
        'InvalidRequest',
        'STREAMING-UNSIGNED-PAYLOAD-TRAILER needs Content-Encoding: aws-chunked',
      );
    }
    const checksumHeader = Object.keys(headers).find(
      (h) => h.startsWith('x-amz-checksum-') && h !== 'x-amz-checksum-type',
    );
    const trailerName = String(headers['x-amz-trailer'] ?? '')
      .trim()
      .toLowerCase();
    const checksumName = (chunked && trailerName) || checksumHeader;
    const algorithm = checksumName ? checksumName.slice('x-amz-checksum-'.length) : undefined;
    if (algorithm && !['crc32', 'sha1', 'sha256'].includes(algorithm)) {
      throw new S3Error(
        501,
        'NotImplemented',
        `The simulator verifies crc32, sha1 and sha256 checksums only, not ${algorithm}`,
      );
    }

    const tmp = path.join(tmpDir, randomUUID());
    const md5 = createHash('md5');
    const sha = createHash('sha256');
    const sha1 = algorithm === 'sha1' ? createHash('sha1') : null;
    let crc = 0;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > maxObjectBytes)
          return cb(new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
        md5.update(chunk);
        sha.update(chunk);
        sha1?.update(chunk);
        if (algorithm === 'crc32') crc = zlib.crc32(chunk, crc);
        cb(null, chunk);
      },
    });
    const decoder = chunked ? new AwsChunkedDecoder() : null;
    try {
      if (decoder) await pipeline(req, decoder, tap, fs.createWriteStream(tmp, { flags: 'wx' }));
      else await pipeline(req, tap, fs.createWriteStream(tmp, { flags: 'wx' }));
      if (decoder && !decoder.done)
        throw new S3Error(400, 'IncompleteBody', 'The request body terminated unexpectedly');
      const shaHex = sha.digest('hex');
      if (payload.kind === 'signed' && payload.sha256 !== shaHex) {
        throw new S3Error(
          400,
          'XAmzContentSHA256Mismatch',
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
          {
            ClientComputedContentSHA256: payload.sha256,
            S3ComputedContentSHA256: shaHex,
          },
        );
      }
      if (chunked) {
        const decodedLength = Number(headers['x-amz-decoded-content-length']);
        if (!Number.isInteger(decodedLength) || decodedLength !== size) {
          throw new S3Error(
            400,
            'IncompleteBody',
            'You did not provide the number of bytes specified by the x-amz-decoded-content-length HTTP header',
          );
        }
      }
      const md5Bytes = md5.digest();
      const contentMd5 = headers['content-md5'];
      if (contentMd5 !== undefined) {
        const given = Buffer.from(String(contentMd5), 'base64');
        if (given.length !== 16) throw new S3Error(400, 'InvalidDigest', 'The Content-MD5 you specified was invalid.');
        if (!given.equals(md5Bytes))
          throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
      }
      if (algorithm && checksumName) {
        const given = chunked ? decoder?.trailers.get(checksumName) : String(headers[checksumName]);
        if (given === undefined)
          throw new S3Error(400, 'InvalidRequest', `The trailer ${checksumName} was announced but not sent`);
        const computed =
          algorithm === 'crc32'
            ? uint32Base64(crc)
            : algorithm === 'sha1'
              ? sha1!.digest('base64')
              : Buffer.from(shaHex, 'hex').toString('base64');
        if (given.trim() !== computed) {
          throw new S3Error(
            400,
            'BadDigest',
            `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
          );
        }
        res.setHeader(checksumName, computed);
      }
      const etag = `"${md5Bytes.toString('hex')}"`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (name.startsWith('x-amz-meta-') && value !== undefined)
          metadata[name.slice('x-amz-meta-'.length)] = Array.isArray(value) ? value.join(',') : value;
      }
      const meta: ObjectMeta = {
        key,
        file: `${sha256Hex(key)}.${randomUUID()}.bin`,
        size,
        etag,
        contentType: String(headers['content-type'] ?? 'binary/octet-stream'),
        lastModified: new Date(Math.floor(now().getTime() / 1000) * 1000).toISOString(),
        metadata,
      };
      await locked(`${bucket}\n${key}`, async () => {
        const old = await readMeta(bucket, key);
        await fsp.rename(tmp, path.join(bucketDir(bucket), meta.file));
        const metaTmp = path.join(tmpDir, randomUUID());
        await fsp.writeFile(metaTmp, JSON.stringify(meta));
        await fsp.rename(metaTmp, metaPath(bucket, key));
        if (old && old.file !== meta.file) await fsp.rm(path.join(bucketDir(bucket), old.file), { force: true });
      });
      res.writeHead(200, { etag, 'content-length': 0 });
      res.end();
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  async function getObject(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    key: string,
    head: boolean,
  ): Promise<void> {
    const meta = await requireObject(bucket, key);
    const headers: Record<string, string | number> = {
      etag: meta.etag,
      'last-modified': new Date(meta.lastModified).toUTCString(),
      'content-type': meta.contentType,
      'accept-ranges': 'bytes',
    };
    for (const [name, value] of Object.entries(meta.metadata)) headers[`x-amz-meta-${name}`] = value;
    let start = 0;
    let end = meta.size - 1;
    let status = 200;
    const range = req.headers.range;
    if (range !== undefined) {
      const parsed = parseRange(String(range), meta.size);
      if (parsed === 'unsatisfiable') {
        throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
          RangeRequested: String(range),
          ActualObjectSize: String(meta.size),
        });
      }
      if (parsed) {
        [start, end] = parsed;
        status = 206;
        headers['content-range'] = `bytes ${start}-${end}/${meta.size}`;
      }
    }
    headers['content-length'] = meta.size === 0 ? 0 : end - start + 1;
    let stream: fs.ReadStream | null = null;
    if (!head && meta.size > 0) {
      // Opened before the answer starts: a key deleted meanwhile is still a clean 404.
      const handle = await fsp.open(path.join(bucketDir(bucket), meta.file), 'r').catch(() => null);
      if (!handle) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
      stream = handle.createReadStream({ start, end });
    }
    res.writeHead(status, headers);
    if (!stream) {
      res.end();
      return;
    }
    await pipeline(stream, res).catch(() => undefined);
  }

  async function deleteObject(res: ServerResponse, bucket: string, key: string): Promise<void> {
    await requireBucket(bucket);
    await locked(`${bucket}\n${key}`, async () => {
      const meta = await readMeta(bucket, key);
      if (!meta) return;
      await fsp.rm(metaPath(bucket, key), { force: true });
      await fsp.rm(path.join(bucketDir(bucket), meta.file), { force: true });
    });
    res.writeHead(204);
    res.end();
  }

  /** ListObjectsV2, or the original ListObjects (marker instead of continuation-token) when `v1`. */
  async function listObjects(res: ServerResponse, bucket: string, query: URLSearchParams, v1: boolean): Promise<void> {
    await requireBucket(bucket);
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const maxKeysRaw = query.get('max-keys');
    const maxKeys = maxKeysRaw === null ? 1000 : Number(maxKeysRaw);
    if (!Number.isInteger(maxKeys) || maxKeys < 0)
      throw new S3Error(400, 'InvalidArgument', 'max-keys must be a non-negative integer', {
        ArgumentName: 'max-keys',
      });
    const encodingType = query.get('encoding-type');
    if (encodingType !== null && encodingType !== 'url')
      throw new S3Error(400, 'InvalidArgument', 'Invalid Encoding Method specified in Request', {
        ArgumentName: 'encoding-type',
      });
    const token = v1 ? null : query.get('continuation-token');
    let after = (v1 ? query.get('marker') : query.get('start-after')) ?? '';
    if (token !== null) {
      after = Buffer.from(token, 'base64url').toString('utf8');
      if (!token || Buffer.from(after, 'utf8').toString('base64url') !== token)
        throw new S3Error(400, 'InvalidArgument', 'The continuation token provided is incorrect', {
          ArgumentName: 'continuation-token',
        });
    }
    const names = await fsp.readdir(bucketDir(bucket));
    const metas: ObjectMeta[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      try {
        metas.push(JSON.parse(await fsp.readFile(path.join(bucketDir(bucket), name), 'utf8')) as ObjectMeta);
      } catch {
        // Deleted while listing.
      }
    }
    // S3 lists in UTF-8 binary order.
    const byKey = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const candidates = metas
      .filter((m) => m.key.startsWith(prefix) && (!after || byKey(m.key, after) > 0))
      .sort((a, b) => byKey(a.key, b.key));
    const contents: ObjectMeta[] = [];
    const commonPrefixes: string[] = [];
    let truncated = false;
    let last = '';
    for (const m of candidates) {
      let common: string | null = null;
      if (delimiter) {
        const at = m.key.indexOf(delimiter, prefix.length);
        if (at >= 0) common = m.key.slice(0, at + delimiter.length);
      }
      if (common !== null && commonPrefixes[commonPrefixes.length - 1] === common) continue;
      if (contents.length + commonPrefixes.length >= maxKeys) {
        truncated = true;
        break;
      }
      if (common !== null) {
        commonPrefixes.push(common);
        // The next page starts after every key of this prefix.
        last = `${common}\u{10FFFF}`;
      } else {
        contents.push(m);
        last = m.key;
      }
    }
    const enc = (s: string) => xmlEscape(encodingType === 'url' ? encodeURIComponent(s) : s);
    const pagination = v1
      ? [
          `<Marker>${enc(query.get('marker') ?? '')}</Marker>`,
          truncated && delimiter ? `<NextMarker>${enc(last)}</NextMarker>` : '',
        ]
      : [
          `<KeyCount>${contents.length + commonPrefixes.length}</KeyCount>`,
          token !== null ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '',
          truncated
            ? `<NextContinuationToken>${Buffer.from(last, 'utf8').toString('base64url')}</NextContinuationToken>`
            : '',
          query.has('start-after') ? `<StartAfter>${enc(query.get('start-after') ?? '')}</StartAfter>` : '',
        ];
    const xml = [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<ListBucketResult xmlns="${XML_NS}">`,
      `<Name>${xmlEscape(bucket)}</Name><Prefix>${enc(prefix)}</Prefix>`,
      delimiter ? `<Delimiter>${enc(delimiter)}</Delimiter>` : '',
      `<MaxKeys>${maxKeys}</MaxKeys>`,
      encodingType ? `<EncodingType>url</EncodingType>` : '',
      `<IsTruncated>${truncated}</IsTruncated>`,
      ...pagination,
      ...contents.map(
        (m) =>
          `<Contents><Key>${enc(m.key)}</Key><LastModified>${m.lastModified}</LastModified><ETag>${xmlEscape(m.etag)}</ETag><Size>${m.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      ),
      ...commonPrefixes.map((p) => `<CommonPrefixes><Prefix>${enc(p)}</Prefix></CommonPrefixes>`),
      `</ListBucketResult>`,
    ].join('');
    sendXml(res, 200, xml);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('x-amz-id-2', randomBytes(24).toString('base64'));
    res.setHeader('server', 'RangsiS3Simulator');
    const method = req.method ?? 'GET';
    let resource = '/';
    try {
      const rawUrl = req.url ?? '/';
      const q = rawUrl.indexOf('?');
      const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
      const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1);
      const segments = rawPath.split('/').map(decodeSegment);
      const query = parseQuery(rawQuery);
      const payload = verifySignature(req, method, segments, query, {
        region: options.region,
        credentials: options.credentials,
        now: now(),
        maxSkewMs,
      });

      const { bucket, key } = locate(req.headers.host, segments, options.virtualHostSuffix);
      resource = bucket ? `/${bucket}${key ? `/${key}` : ''}` : '/';
      if (key !== null && Buffer.byteLength(key) > MAX_KEY_BYTES)
        throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
      const params = new URLSearchParams(query);
      if (method !== 'PUT' || key === null) await consumeBody(req, payload);

      if (!bucket) throw new S3Error(501, 'NotImplemented', 'The simulator does not list buckets');
      if (key === null) {
        if (method === 'GET' && params.get('list-type') === '2') return await listObjects(res, bucket, params, false);
        if (
          method === 'GET' &&
          !params.has('list-type') &&
          onlyParams(params, ['prefix', 'delimiter', 'marker', 'max-keys', 'encoding-type'])
        ) {
          return await listObjects(res, bucket, params, true);
        }
        if (method === 'HEAD' && onlyParams(params, [])) {
          await requireBucket(bucket);
          res.writeHead(200, { 'x-amz-bucket-region': options.region });
          res.end();
          return;
        }
        if (method === 'PUT' && onlyParams(params, [])) {
          if (!validBucketName(bucket))
            throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.', { BucketName: bucket });
          if (await bucketExists(bucket))
            throw new S3Error(
              409,
              'BucketAlreadyOwnedByYou',
              'Your previous request to create the named bucket succeeded and you already own it.',
              { BucketName: bucket },
            );
          await fsp.mkdir(bucketDir(bucket), { recursive: true });
          res.writeHead(200, { location: `/${bucket}`, 'content-length': 0 });
          res.end();
          return;
        }
        throw new S3Error(
          501,
          'NotImplemented',
          'A header or query you provided implies functionality that is not implemented',
        );
      }
      // The SDK adds x-id=<Operation>; any other subresource (tagging, acl, uploads …) is not simulated.
      if (!onlyParams(params, ['x-id']))
        throw new S3Error(
          501,
          'NotImplemented',
          'A header or query you provided implies functionality that is not implemented',
        );
      switch (method) {
        case 'PUT':
          if (req.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject is not simulated');
          return await putObject(req, res, bucket, key, payload);
        case 'GET':
          return await getObject(req, res, bucket, key, false);
        case 'HEAD':
          return await getObject(req, res, bucket, key, true);
        case 'DELETE':
          return await deleteObject(res, bucket, key);
        default:
          throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    } catch (err) {
      if (!(err instanceof S3Error)) onError(err);
      const e =
        err instanceof S3Error
          ? err
          : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // The client may still be sending a body it was refused for: read it away so the answer reaches it.
      await drain(req);
      if (method === 'HEAD') {
        res.writeHead(e.status, { 'x-amz-error-code': e.code });
        res.end();
        return;
      }
      const extra = Object.entries(e.extra)
        .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
        .join('');
      sendXml(
        res,
        e.status,
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
      );
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    server,
    port,
    url: `http://${hostForUrl}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---- AWS Signature Version 4 -------------------------------------------------------------------------------------

interface SignatureContext {
  region: string;
  credentials: Record<string, string>;
  now: Date;
  maxSkewMs: number;
}

/** Checks the Authorization header as S3 does; returns how the payload was declared. Throws S3Error otherwise. */
function verifySignature(
  req: IncomingMessage,
  method: string,
  segments: string[],
  query: [string, string][],
  ctx: SignatureContext,
): PayloadMode {
  if (query.some(([k]) => k === 'X-Amz-Algorithm' || k === 'X-Amz-Signature')) {
    throw new S3Error(501, 'NotImplemented', 'Query-string (presigned URL) authentication is not simulated');
  }
  const authorization = req.headers.authorization;
  if (!authorization) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const match = /^AWS4-HMAC-SHA256\s+(.+)$/.exec(authorization);
  if (!match)
    throw new S3Error(400, 'InvalidArgument', 'Unsupported Authorization Type', { ArgumentName: 'Authorization' });
  const fields = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signedHeadersField = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeadersField || !signature) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; it must name Credential, SignedHeaders and Signature.',
    );
  }
  const scopeParts = credential.split('/');
  if (scopeParts.length < 5)
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the Credential is mal-formed.',
    );
  const [date, region, service, terminator] = scopeParts.slice(-4) as [string, string, string, string];
  const accessKeyId = scopeParts.slice(0, -4).join('/');
  const secret = Object.hasOwn(ctx.credentials, accessKeyId) ? ctx.credentials[accessKeyId] : undefined;
  if (secret === undefined) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
      AWSAccessKeyId: accessKeyId,
    });
  }
  if (service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the credential scope must end in s3/aws4_request.',
    );
  }
  if (region !== ctx.region) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${ctx.region}'`,
      { Region: ctx.region },
    );
  }
  const amzDate = header(req, 'x-amz-date');
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate))
    throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (date !== amzDate.slice(0, 8)) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; Invalid credential date. Date is not the same as X-Amz-Date: "${date}".`,
    );
  }
  const requestTime = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  );
  if (Math.abs(requestTime - ctx.now.getTime()) > ctx.maxSkewMs) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      {
        RequestTime: amzDate,
        ServerTime: ctx.now.toISOString(),
        MaxAllowedSkewMilliseconds: String(ctx.maxSkewMs),
      },
    );
  }
  const signedHeaders = signedHeadersField.split(';');
  if (!signedHeaders.includes('host') || signedHeaders.some((h) => h !== h.toLowerCase() || !h)) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; SignedHeaders must be lower case and include host.',
    );
  }
  const contentSha = header(req, 'x-amz-content-sha256');
  if (!contentSha)
    throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  let payload: PayloadMode;
  if (/^[0-9a-f]{64}$/.test(contentSha)) payload = { kind: 'signed', sha256: contentSha };
  else if (contentSha === 'UNSIGNED-PAYLOAD') payload = { kind: 'unsigned' };
  else if (contentSha === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') payload = { kind: 'streaming-unsigned-trailer' };
  else if (contentSha.startsWith('STREAMING-'))
    throw new S3Error(501, 'NotImplemented', `The simulator does not verify ${contentSha} (signed chunks)`);
  else
    throw new S3Error(
      400,
      'InvalidArgument',
      'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER or a valid sha256 value.',
      { ArgumentName: 'x-amz-content-sha256' },
    );
  const all = headerValues(req);
  const unsigned = [...all.keys()].filter((h) => h.startsWith('x-amz-') && !signedHeaders.includes(h));
  if (unsigned.length) {
    throw new S3Error(403, 'AccessDenied', 'There were headers present in the request which were not signed', {
      HeadersNotSigned: unsigned.join(', '),
    });
  }

  const canonicalUri = segments.map(uriEncode).join('/') || '/';
  const canonicalQuery = query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((h) => `${h}:${(all.get(h) ?? []).map((v) => v.trim().replace(/\s+/g, ' ')).join(',')}\n`)
    .join('');
  const canonicalRequest = [
    method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeadersField,
    contentSha,
  ].join('\n');
  const scope = `${date}/${region}/${service}/${terminator}`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${secret}`, date);
  for (const part of [region, service, terminator]) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        AWSAccessKeyId: accessKeyId,
        StringToSign: stringToSign,
        SignatureProvided: signature,
        CanonicalRequest: canonicalRequest,
      },
    );
  }
  return payload;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded, upper-case hex. */
function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** Query pairs as sent, decoded (a name without '=' has an empty value). */
function parseQuery(raw: string): [string, string][] {
  return raw
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? [decodeSegment(p), ''] : [decodeSegment(p.slice(0, eq)), decodeSegment(p.slice(eq + 1))];
    });
}

/** Every header as sent (repeated ones kept apart), by lower-case name. */
function headerValues(req: IncomingMessage): Map<string, string[]> {
  const all = new Map<string, string[]>();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const list = all.get(name);
    if (list) list.push(req.rawHeaders[i + 1]!);
    else all.set(name, [req.rawHeaders[i + 1]!]);
  }
  return all;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

// ---- requests ----------------------------------------------------------------------------------------------------

/** Bucket and key of a request, path style (`/bucket/key`) or virtual-host style (`bucket.suffix/key`). */
function locate(
  host: string | undefined,
  segments: string[],
  suffix: string | undefined,
): { bucket: string | null; key: string | null } {
  const hostname = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  const rest = segments.slice(1);
  if (suffix && hostname.endsWith(`.${suffix.toLowerCase()}`)) {
    const bucket = hostname.slice(0, -suffix.length - 1);
    const key = rest.join('/');
    return { bucket, key: key === '' ? null : key };
  }
  const [bucket, ...keyParts] = rest;
  const key = keyParts.join('/');
  return { bucket: bucket ? bucket : null, key: keyParts.length === 0 || key === '' ? null : key };
}

function onlyParams(params: URLSearchParams, allowed: string[]): boolean {
  return [...params.keys()].every((k) => allowed.includes(k));
}

function validBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) && !name.includes('..');
}

/** A request without an object body: what it sent must still match its signed payload hash. */
async function consumeBody(req: IncomingMessage, payload: PayloadMode): Promise<void> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new S3Error(400, 'MaxMessageLengthExceeded', 'Your request was too big.');
    hash.update(chunk as Buffer);
  }
  if (payload.kind === 'signed') {
    const computed = size === 0 ? EMPTY_SHA256 : hash.digest('hex');
    if (computed !== payload.sha256) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        {
          ClientComputedContentSHA256: payload.sha256,
          S3ComputedContentSHA256: computed,
        },
      );
    }
  }
}

async function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      // Past this, the connection is dropped rather than reading a huge refused body.
      if (size > 64 * 1024 * 1024) {
        req.destroy();
        return;
      }
    }
  } catch {
    // The client went away.
  }
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; null for a header S3 ignores (several ranges, other units). */
function parseRange(value: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return [start, end];
}

function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

function xmlEscape(s: string): string {
  return s.replace(
    /[<>&'"\r]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;', '\r': '&#13;' })[c]!,
  );
}

function uint32Base64(n: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b.toString('base64');
}

/**
 * Decodes an aws-chunked body without chunk signatures: `<hex size>[;ext]\r\n<bytes>\r\n` … `0\r\n`, then trailer
 * lines `name:value\r\n` and an empty line. The data goes on; the trailers are kept.
 */
class AwsChunkedDecoder extends Transform {
  readonly trailers = new Map<string, string>();
  done = false;
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  private line = '';
  private remaining = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    let i = 0;
    try {
      while (i < chunk.length) {
        if (this.state === 'data') {
          const n = Math.min(this.remaining, chunk.length - i);
          this.push(chunk.subarray(i, i + n));
          i += n;
          this.remaining -= n;
          if (this.remaining === 0) this.state = 'data-end';
          continue;
        }
        if (this.state === 'done')
          throw new S3Error(400, 'IncompleteBody', 'Data after the end of an aws-chunked body');
        const nl = chunk.indexOf(0x0a, i);
        const end = nl < 0 ? chunk.length : nl + 1;
        this.line += chunk.subarray(i, end).toString('latin1');
        i = end;
        if (this.line.length > 8192) throw new S3Error(400, 'IncompleteBody', 'An aws-chunked line is too long');
        if (nl < 0) continue;
        const line = this.line.replace(/\r?\n$/, '');
        this.line = '';
        this.onLine(line);
      }
      cb();
    } catch (err) {
      cb(err as Error);
    }
  }

  private onLine(line: string): void {
    switch (this.state) {
      case 'size': {
        const m = /^([0-9a-fA-F]+)(;.*)?$/.exec(line);
        if (!m) throw new S3Error(400, 'IncompleteBody', 'A malformed aws-chunked chunk size');
        if (m[2]?.includes('chunk-signature'))
          throw new S3Error(501, 'NotImplemented', 'Signed chunks are not simulated');
        this.remaining = parseInt(m[1]!, 16);
        this.state = this.remaining === 0 ? 'trailer' : 'data';
        return;
      }
      case 'data-end':
        if (line !== '') throw new S3Error(400, 'IncompleteBody', 'An aws-chunked chunk is longer than its size');
        this.state = 'size';
        return;
      case 'trailer': {
        if (line === '') {
          this.state = 'done';
          this.done = true;
          return;
        }
        const colon = line.indexOf(':');
        if (colon <= 0) throw new S3Error(400, 'IncompleteBody', 'A malformed aws-chunked trailer');
        this.trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
        return;
      }
      case 'data':
      case 'done':
        return;
    }
  }
}

// ---- command line ------------------------------------------------------------------------------------------------

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const dir = process.env.S3_SIM_DIR || path.join(os.tmpdir(), 'rangsi-s3-simulator');
  const accessKeyId = process.env.S3_SIM_ACCESS_KEY_ID || 'rangsi-sim';
  const sim = await startS3Simulator({
    port: portFromEnv('S3_SIM_PORT', 19000),
    host: process.env.S3_SIM_HOST || '127.0.0.1',
    dir,
    region: process.env.S3_SIM_REGION || 'us-east-1',
    credentials: { [accessKeyId]: process.env.S3_SIM_SECRET_ACCESS_KEY || 'rangsi-sim-secret' },
    buckets: (process.env.S3_SIM_BUCKETS || 'rangsi')
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    virtualHostSuffix: process.env.S3_SIM_VHOST_SUFFIX || undefined,
  });
  console.log(`[s3-simulator] listening on ${sim.url}/ (objects in ${dir})`);
  stopOnSignals(sim.server);
}
