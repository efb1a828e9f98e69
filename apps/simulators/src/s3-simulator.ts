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
 *
 * The parts, in s3/: s3-server.ts (start, routing, error answers), signature-v4.ts, request-target.ts and
 * request-body.ts (what a request asks and sends), put-object.ts (with aws-chunked-decoder.ts), get-object.ts,
 * list-objects.ts, object-store.ts (buckets and objects on disk), s3-error.ts (S3's errors and XML).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portFromEnv, stopOnSignals } from './lib/sim-server';
import { startS3Simulator } from './s3/s3-server';

export { startS3Simulator, type S3Simulator, type S3SimulatorOptions } from './s3/s3-server';

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
