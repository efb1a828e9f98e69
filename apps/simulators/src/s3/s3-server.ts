import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getObject } from './get-object';
import { listObjects } from './list-objects';
import { ObjectStore } from './object-store';
import { putObject } from './put-object';
import { consumeBody, drain } from './request-body';
import { decodeSegment, locate, onlyParams, parseQuery } from './request-target';
import { errorXml, S3Error, sendXml } from './s3-error';
import { verifySignature } from './signature-v4';

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

/** Starts the simulator; the operations it answers are listed in ../s3-simulator.ts. */
export async function startS3Simulator(options: S3SimulatorOptions): Promise<S3Simulator> {
  const store = await ObjectStore.open(options.dir, options.buckets ?? []);
  const now = options.now ?? (() => new Date());
  const maxObjectBytes = options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES;
  const maxSkewMs = options.maxClockSkewMs ?? DEFAULT_MAX_SKEW_MS;
  const onError = options.onError ?? ((err: unknown) => console.error('[s3-simulator]', err));

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
        if (method === 'GET' && params.get('list-type') === '2')
          return await listObjects(store, res, bucket, params, false);
        if (
          method === 'GET' &&
          !params.has('list-type') &&
          onlyParams(params, ['prefix', 'delimiter', 'marker', 'max-keys', 'encoding-type'])
        ) {
          return await listObjects(store, res, bucket, params, true);
        }
        if (method === 'HEAD' && onlyParams(params, [])) {
          await store.requireBucket(bucket);
          res.writeHead(200, { 'x-amz-bucket-region': options.region });
          res.end();
          return;
        }
        if (method === 'PUT' && onlyParams(params, [])) {
          await store.createBucket(bucket);
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
          return await putObject(store, req, res, bucket, key, payload, { maxObjectBytes, now });
        case 'GET':
          return await getObject(store, req, res, bucket, key, false);
        case 'HEAD':
          return await getObject(store, req, res, bucket, key, true);
        case 'DELETE':
          await store.requireBucket(bucket);
          await store.delete(bucket, key);
          res.writeHead(204);
          res.end();
          return;
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
      sendXml(res, e.status, errorXml(e, resource, requestId));
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
