// The S3 simulator of apps/simulators, tested here because this is where the suite runs (vitest.config.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Simulator, type S3Simulator } from '../../../simulators/src/s3-simulator';

// The example credentials and requests of Amazon's SigV4 documentation ("Examples: Signature Calculations"), so the
// signature check is held against published answers and not only against the SDK.
const DOC_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const DOC_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const DOC_TIME = new Date('2013-05-24T00:00:00Z');
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const DOC_GET = {
  method: 'GET',
  path: '/test.txt',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
    authorization: `AWS4-HMAC-SHA256 Credential=${DOC_KEY_ID}/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41`,
  },
};
const DOC_PUT = {
  method: 'PUT',
  path: '/test%24file.text',
  body: 'Welcome to Amazon S3.',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    date: 'Fri, 24 May 2013 00:00:00 GMT',
    'x-amz-date': '20130524T000000Z',
    'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    authorization: `AWS4-HMAC-SHA256 Credential=${DOC_KEY_ID}/20130524/us-east-1/s3/aws4_request,SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd`,
  },
};
const DOC_LIST = {
  method: 'GET',
  path: '/?max-keys=2&prefix=J',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
    authorization: `AWS4-HMAC-SHA256 Credential=${DOC_KEY_ID}/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7`,
  },
};

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function rawRequest(
  port: number,
  r: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

const errorCode = (xml: string) => /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];

describe('S3 simulator', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-s3-sim-'));
  let clock = new Date();
  let sim: S3Simulator;
  let client: S3Client;
  const KEY_ID = 'sim-key';
  const SECRET = 'sim-secret-value-123';

  beforeAll(async () => {
    sim = await startS3Simulator({
      port: 0,
      host: '127.0.0.1',
      dir: path.join(root, 'data'),
      region: 'us-east-1',
      credentials: { [DOC_KEY_ID]: DOC_SECRET, [KEY_ID]: SECRET },
      buckets: ['examplebucket', 'photos'],
      virtualHostSuffix: 's3.amazonaws.com',
      now: () => clock,
    });
    client = new S3Client({
      endpoint: sim.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
    });
  });
  afterAll(async () => {
    client.destroy();
    await sim.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const atDocTime = async <T>(fn: () => Promise<T>): Promise<T> => {
    clock = DOC_TIME;
    try {
      return await fn();
    } finally {
      clock = new Date();
    }
  };

  describe('Signature Version 4', () => {
    it('accepts the PUT, GET and list requests of the SigV4 documentation, signed with its example secret', async () => {
      await atDocTime(async () => {
        const put = await rawRequest(sim.port, DOC_PUT);
        expect(put.status, put.body).toBe(200);
        expect(put.headers.etag).toBe(`"${createHash('md5').update(DOC_PUT.body).digest('hex')}"`);
        const list = await rawRequest(sim.port, DOC_LIST);
        expect(list.status, list.body).toBe(200);
        expect(list.body).toContain('<ListBucketResult');
      });
      // The documented GET reads test.txt: put it there (signed by the SDK, now), then replay the documented request.
      await client.send(
        new PutObjectCommand({ Bucket: 'examplebucket', Key: 'test.txt', Body: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' }),
      );
      await atDocTime(async () => {
        const get = await rawRequest(sim.port, DOC_GET);
        expect(get.status, get.body).toBe(206);
        expect(get.body).toBe('ABCDEFGHIJ');
        expect(get.headers['content-range']).toBe('bytes 0-9/26');
      });
      const back = await client.send(new GetObjectCommand({ Bucket: 'examplebucket', Key: 'test$file.text' }));
      expect(await back.Body!.transformToString()).toBe('Welcome to Amazon S3.');
    });

    it('refuses a request changed after signing, or signed with another secret: 403 SignatureDoesNotMatch as S3 words it', async () => {
      await atDocTime(async () => {
        const changedRange = await rawRequest(sim.port, {
          ...DOC_GET,
          headers: { ...DOC_GET.headers, range: 'bytes=0-8' },
        });
        expect(changedRange.status).toBe(403);
        expect(errorCode(changedRange.body)).toBe('SignatureDoesNotMatch');
        expect(changedRange.body).toContain(
          '<Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message>',
        );
        expect(changedRange.body).toContain(
          '<CanonicalRequest>GET\n/test.txt\n\nhost:examplebucket.s3.amazonaws.com\nrange:bytes=0-8\n',
        );
        expect(changedRange.headers['content-type']).toBe('application/xml');
        const changedPath = await rawRequest(sim.port, { ...DOC_GET, path: '/test.txT' });
        expect(errorCode(changedPath.body)).toBe('SignatureDoesNotMatch');
        const changedBody = await rawRequest(sim.port, { ...DOC_PUT, body: 'Welcome to Amazon S4.' });
        expect(changedBody.status).toBe(400);
        expect(errorCode(changedBody.body)).toBe('XAmzContentSHA256Mismatch');
      });
      const wrong = new S3Client({
        endpoint: sim.url,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: KEY_ID, secretAccessKey: 'guessed' },
      });
      try {
        const err = await wrong
          .send(new GetObjectCommand({ Bucket: 'examplebucket', Key: 'test.txt' }))
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(S3ServiceException);
        expect(err).toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
        const put = await wrong
          .send(new PutObjectCommand({ Bucket: 'examplebucket', Key: 'guessed.txt', Body: 'x' }))
          .catch((e: unknown) => e);
        expect(put).toMatchObject({ name: 'SignatureDoesNotMatch' });
        expect(
          await client
            .send(new HeadObjectCommand({ Bucket: 'examplebucket', Key: 'guessed.txt' }))
            .catch((e: S3ServiceException) => e.name),
        ).toBe('NotFound');
      } finally {
        wrong.destroy();
      }
    });

    it('refuses no signature, an unknown key id, a stale date, another region, and an unsigned x-amz header', async () => {
      const anonymous = await rawRequest(sim.port, { method: 'GET', path: '/examplebucket/test.txt', headers: {} });
      expect([anonymous.status, errorCode(anonymous.body)]).toEqual([403, 'AccessDenied']);
      await atDocTime(async () => {
        const unknown = await rawRequest(sim.port, {
          ...DOC_GET,
          headers: {
            ...DOC_GET.headers,
            authorization: DOC_GET.headers.authorization.replace(DOC_KEY_ID, 'AKIDUNKNOWN'),
          },
        });
        expect([unknown.status, errorCode(unknown.body)]).toEqual([403, 'InvalidAccessKeyId']);
        const region = await rawRequest(sim.port, {
          ...DOC_GET,
          headers: {
            ...DOC_GET.headers,
            authorization: DOC_GET.headers.authorization.replace('us-east-1', 'eu-west-1'),
          },
        });
        expect([region.status, errorCode(region.body)]).toEqual([400, 'AuthorizationHeaderMalformed']);
        const unsigned = await rawRequest(sim.port, {
          ...DOC_GET,
          headers: { ...DOC_GET.headers, 'x-amz-meta-extra': 'added later' },
        });
        expect([unsigned.status, errorCode(unsigned.body)]).toEqual([403, 'AccessDenied']);
        expect(unsigned.body).toContain('not signed');
      });
      clock = new Date(DOC_TIME.getTime() + 16 * 60_000);
      const stale = await rawRequest(sim.port, DOC_GET);
      expect([stale.status, errorCode(stale.body)]).toEqual([403, 'RequestTimeTooSkewed']);
      clock = new Date();
    });
  });

  describe('objects', () => {
    it('takes what the SDK sends by default for a streamed PutObject (aws-chunked with a CRC32 trailer), and refuses a wrong checksum', async () => {
      const byDefault = new S3Client({
        endpoint: sim.url,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
      });
      try {
        const bytes = Buffer.from('ภาพถ่ายรังสีทรวงอก '.repeat(5000));
        const seen: Record<string, string> = {};
        const command = new PutObjectCommand({
          Bucket: 'photos',
          Key: 'ผู้ป่วย/ภาพ 1.jpg',
          Body: Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]),
          ContentLength: bytes.length,
        });
        command.middlewareStack.add(
          (next) => async (args) => {
            Object.assign(seen, (args.request as { headers: Record<string, string> }).headers);
            return next(args);
          },
          { step: 'finalizeRequest', name: 'recordHeaders' },
        );
        await byDefault.send(command);
        expect(seen).toMatchObject({
          'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
          'content-encoding': 'aws-chunked',
          'x-amz-trailer': 'x-amz-checksum-crc32',
        });
        const back = await client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'ผู้ป่วย/ภาพ 1.jpg' }));
        expect(Buffer.from(await back.Body!.transformToByteArray()).equals(bytes)).toBe(true);
        expect(back.ETag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);
        const bad = await byDefault
          .send(new PutObjectCommand({ Bucket: 'photos', Key: 'bad.jpg', Body: 'abc', ChecksumCRC32: 'AAAAAA==' }))
          .catch((e: unknown) => e);
        expect(bad).toMatchObject({ name: 'BadDigest', $metadata: { httpStatusCode: 400 } });
        const badMd5 = await client
          .send(
            new PutObjectCommand({
              Bucket: 'photos',
              Key: 'bad.jpg',
              Body: 'abc',
              ContentMD5: createHash('md5').update('abd').digest('base64'),
            }),
          )
          .catch((e: unknown) => e);
        expect(badMd5).toMatchObject({ name: 'BadDigest' });
        expect(
          await client
            .send(new HeadObjectCommand({ Bucket: 'photos', Key: 'bad.jpg' }))
            .catch((e: S3ServiceException) => e.name),
        ).toBe('NotFound');
      } finally {
        byDefault.destroy();
      }
    });

    it('keeps x-amz-meta-*, answers ranges, and gives S3 errors for a missing key or bucket', async () => {
      await client.send(
        new PutObjectCommand({
          Bucket: 'photos',
          Key: 'a/b.txt',
          Body: '0123456789',
          Metadata: { sha256: 'abc', note: 'x' },
          ContentType: 'text/plain',
        }),
      );
      const head = await client.send(new HeadObjectCommand({ Bucket: 'photos', Key: 'a/b.txt' }));
      expect(head).toMatchObject({
        Metadata: { sha256: 'abc', note: 'x' },
        ContentLength: 10,
        ContentType: 'text/plain',
        AcceptRanges: 'bytes',
      });
      const range = async (r: string) =>
        (
          await client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'a/b.txt', Range: r }))
        ).Body!.transformToString();
      expect(await range('bytes=2-5')).toBe('2345');
      expect(await range('bytes=7-')).toBe('789');
      expect(await range('bytes=-3')).toBe('789');
      expect(await range('bytes=5-100')).toBe('56789');
      await expect(range('bytes=10-')).rejects.toMatchObject({
        name: 'InvalidRange',
        $metadata: { httpStatusCode: 416 },
      });
      await expect(client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'a/none.txt' }))).rejects.toMatchObject({
        name: 'NoSuchKey',
        $metadata: { httpStatusCode: 404 },
      });
      await expect(client.send(new GetObjectCommand({ Bucket: 'nobucket', Key: 'a' }))).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
      await client.send(new DeleteObjectCommand({ Bucket: 'photos', Key: 'a/b.txt' }));
      await client.send(new DeleteObjectCommand({ Bucket: 'photos', Key: 'a/b.txt' }));
      await expect(client.send(new HeadObjectCommand({ Bucket: 'photos', Key: 'a/b.txt' }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 404 },
      });
    });

    it('lists with a prefix, a delimiter and pages (ListObjectsV2), keys in UTF-8 order', async () => {
      const keys = ['list/ก.txt', 'list/a.txt', 'list/b/1.txt', 'list/b/2.txt', 'list/c.txt', 'other.txt'];
      for (const Key of keys) await client.send(new PutObjectCommand({ Bucket: 'photos', Key, Body: Key }));
      const all = await client.send(new ListObjectsV2Command({ Bucket: 'photos', Prefix: 'list/' }));
      expect(all.Contents?.map((c) => c.Key)).toEqual([
        'list/a.txt',
        'list/b/1.txt',
        'list/b/2.txt',
        'list/c.txt',
        'list/ก.txt',
      ]);
      expect(all.Contents?.[0]).toMatchObject({
        Size: 'list/a.txt'.length,
        ETag: `"${createHash('md5').update('list/a.txt').digest('hex')}"`,
      });
      const folders = await client.send(
        new ListObjectsV2Command({ Bucket: 'photos', Prefix: 'list/', Delimiter: '/' }),
      );
      expect(folders.Contents?.map((c) => c.Key)).toEqual(['list/a.txt', 'list/c.txt', 'list/ก.txt']);
      expect(folders.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['list/b/']);
      const seen: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: 'photos', Prefix: 'list/', MaxKeys: 2, ContinuationToken: token }),
        );
        expect(page.KeyCount).toBeLessThanOrEqual(2);
        seen.push(...(page.Contents ?? []).map((c) => c.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      expect(seen).toEqual(all.Contents?.map((c) => c.Key));
    });

    it('answers virtual-host style requests (bucket in the host name) too', async () => {
      // Every name resolves to the simulator: photos.s3.amazonaws.com is then this process.
      const lookup = ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
        if (options?.all) cb(null, [{ address: '127.0.0.1', family: 4 }]);
        else cb(null, '127.0.0.1', 4);
      }) as unknown as LookupFunction;
      const agent = new http.Agent({ lookup });
      const vhost = new S3Client({
        endpoint: `http://s3.amazonaws.com:${sim.port}`,
        region: 'us-east-1',
        forcePathStyle: false,
        credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
        requestHandler: { httpAgent: agent },
      });
      try {
        const seenHosts: string[] = [];
        const put = new PutObjectCommand({ Bucket: 'photos', Key: 'vhost/x.txt', Body: 'virtual host' });
        put.middlewareStack.add(
          (next) => async (args) => {
            seenHosts.push((args.request as { hostname: string }).hostname);
            return next(args);
          },
          { step: 'finalizeRequest', name: 'recordHost' },
        );
        await vhost.send(put);
        expect(seenHosts).toEqual(['photos.s3.amazonaws.com']);
        const back = await client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'vhost/x.txt' }));
        expect(await back.Body!.transformToString()).toBe('virtual host');
      } finally {
        vhost.destroy();
        agent.destroy();
      }
    });
  });
});
