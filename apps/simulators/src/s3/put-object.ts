import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { AwsChunkedDecoder } from './aws-chunked-decoder';
import type { ObjectMeta, ObjectStore } from './object-store';
import { S3Error } from './s3-error';
import type { PayloadMode } from './signature-v4';

export interface PutLimits {
  maxObjectBytes: number;
  now: () => Date;
}

/**
 * PutObject: the body (plain or aws-chunked) goes to a temp file while its MD5, SHA-256 and announced checksum are
 * computed; every declared digest is checked before the object replaces the old one, so a refused upload leaves the
 * key as it was.
 */
export async function putObject(
  store: ObjectStore,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  key: string,
  payload: PayloadMode,
  limits: PutLimits,
): Promise<void> {
  const { maxObjectBytes, now } = limits;
  await store.requireBucket(bucket);
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
    throw new S3Error(400, 'InvalidRequest', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER needs Content-Encoding: aws-chunked');
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

  const tmp = store.tempPath();
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
    if (decoder && !decoder.done) throw new S3Error(400, 'IncompleteBody', 'The request body terminated unexpectedly');
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
      file: store.newDataFile(key),
      size,
      etag,
      contentType: String(headers['content-type'] ?? 'binary/octet-stream'),
      lastModified: new Date(Math.floor(now().getTime() / 1000) * 1000).toISOString(),
      metadata,
    };
    await store.replace(bucket, tmp, meta);
    res.writeHead(200, { etag, 'content-length': 0 });
    res.end();
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

function uint32Base64(n: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b.toString('base64');
}
