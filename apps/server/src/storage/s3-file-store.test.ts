import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inspect } from 'node:util';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore, S3StoreError } from './s3-file-store';
import {
  SIM_ACCESS_KEY_ID,
  SIM_BUCKET,
  SIM_REGION,
  SIM_SECRET,
  startSimulatedBucket,
  type SimulatedBucket,
} from './s3-testing';

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Everything an error would show in a log line or a crash report. */
const everything = (err: unknown) =>
  `${String(err)}\n${(err as Error).stack}\n${inspect(err, { depth: 5 })}\n${JSON.stringify(err)}`;

describe(S3FileStore.name, () => {
  let bucket: SimulatedBucket;
  let sut: S3FileStore;
  let raw: S3Client;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-s3-test-'));

  beforeAll(async () => {
    bucket = await startSimulatedBucket();
    sut = bucket.newStore({ keyPrefix: 'site-a' });
    raw = new S3Client({
      endpoint: bucket.sim.url,
      region: SIM_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: SIM_ACCESS_KEY_ID, secretAccessKey: SIM_SECRET },
    });
  });
  afterAll(async () => {
    raw.destroy();
    await bucket.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('puts objects under the key prefix, with the SHA-256 as metadata and the MD5 as ETag', async () => {
    const text = 'ใบรับรองแพทย์ นายสมชาย — Thai text ๑๒๓';
    const stored = await sut.put(Readable.from([Buffer.from(text)]), { prefix: 'exam-documents' });
    const head = await raw.send(new HeadObjectCommand({ Bucket: SIM_BUCKET, Key: `site-a/${stored.key}` }));
    expect(head.Metadata).toEqual({ sha256: sha256(text) });
    expect(head.ContentLength).toBe(Buffer.byteLength(text));
    expect(head.ETag).toBe(`"${createHash('md5').update(text).digest('hex')}"`);
    const listed = await raw.send(new ListObjectsV2Command({ Bucket: SIM_BUCKET, Prefix: 'site-a/exam-documents/' }));
    expect(listed.Contents?.map((c) => c.Key)).toContain(`site-a/${stored.key}`);
    const body = await raw.send(new GetObjectCommand({ Bucket: SIM_BUCKET, Key: `site-a/${stored.key}` }));
    expect(await body.Body!.transformToString('utf8')).toBe(text);
  });

  it('signs uploads with the SHA-256 it records: a hash that does not match the file is refused by the bucket', async () => {
    const local = path.join(scratch, 'lying.dcm');
    fs.writeFileSync(local, 'the real bytes');
    const err = await sut.adopt(local, { prefix: 'dicom', sha256: sha256('other bytes') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3StoreError);
    expect(err).toMatchObject({ s3Code: 'XAmzContentSHA256Mismatch', httpStatus: 400, code: 'EIO' });
    // Not consumed: the caller still has its file, and the bucket has nothing new.
    expect(fs.existsSync(local)).toBe(true);
    const listed = await raw.send(new ListObjectsV2Command({ Bucket: SIM_BUCKET, Prefix: 'site-a/dicom/' }));
    expect(listed.KeyCount ?? 0).toBe(0);
  });

  it("refuses an adopt whose given size is not the file's", async () => {
    const local = path.join(scratch, 'short.dcm');
    fs.writeFileSync(local, '12345');
    await expect(sut.adopt(local, { prefix: 'dicom', sha256: sha256('12345'), sizeBytes: 4 })).rejects.toThrow('size');
  });

  it('gives a local copy of a stored file for random access, and removes it afterwards', async () => {
    const stored = await sut.put(Readable.from([Buffer.from('PK zip bytes')]), { prefix: 'dicom-cold' });
    let seen = '';
    const size = await sut.withLocalFile(stored.key, async (p) => {
      seen = p;
      return fs.statSync(p).size;
    });
    expect(size).toBe(12);
    expect(fs.existsSync(seen)).toBe(false);
    await expect(
      sut.withLocalFile('dicom-cold/2020/01/00000000-0000-4000-8000-000000000000', async () => 1),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('checks keys before they reach the bucket: no dot segments, no absolute or empty parts, no odd characters', async () => {
    for (const key of [
      '../x',
      'dicom/../x',
      'dicom/./x',
      '/dicom/x',
      'dicom//x',
      'dicom/x/',
      '.hidden',
      'dicom/a b',
      'dicom/ก',
      'dicom\\x',
      '',
    ]) {
      await expect(sut.open(key), key).rejects.toThrow('bad storage key');
      await expect(sut.exists(key), key).rejects.toThrow('bad storage key');
      await expect(sut.remove(key), key).rejects.toThrow('bad storage key');
    }
    expect(() => bucket.newStore({ keyPrefix: '../other-site' })).toThrow('bad S3 key prefix');
  });

  it('wrong credentials: a clear error naming the settings, without the secret, the key id or the signed request', async () => {
    const wrong = bucket.newStore({ secretAccessKey: 'not-the-secret-at-all-42' });
    const stored = await sut.put(Readable.from([Buffer.from('x')]), { prefix: 'documents' });
    for (const attempt of [
      () => wrong.open(stored.key),
      () => wrong.exists(stored.key),
      () => wrong.put(Readable.from([Buffer.from('ข้อมูลผู้ป่วย')]), { prefix: 'documents' }),
    ]) {
      const err = await attempt().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(S3StoreError);
      // A HEAD answer has no body: Forbidden is all it says.
      expect(err).toMatchObject({
        code: 'EACCES',
        httpStatus: 403,
        s3Code: expect.stringMatching(/^(SignatureDoesNotMatch|Forbidden)$/),
      });
      expect((err as Error).message).toMatch(
        /S3 \w+ failed: HTTP 403 (SignatureDoesNotMatch|Forbidden) .*S3_SECRET_ACCESS_KEY/,
      );
      const shown = everything(err);
      for (const secret of [
        'not-the-secret-at-all-42',
        SIM_SECRET,
        SIM_ACCESS_KEY_ID,
        'AWS4-HMAC-SHA256',
        'ข้อมูลผู้ป่วย',
        stored.key,
      ]) {
        expect(shown).not.toContain(secret);
      }
      // Not a status the HTTP error handler would pass on to the browser.
      expect((err as { statusCode?: number }).statusCode).toBeUndefined();
    }
    const unknownKey = bucket.newStore({ accessKeyId: 'nobody' });
    await expect(unknownKey.exists(stored.key)).rejects.toMatchObject({ code: 'EACCES', httpStatus: 403 });
    await expect(unknownKey.open(stored.key)).rejects.toMatchObject({ s3Code: 'InvalidAccessKeyId' });
  });

  it('a wrong region or bucket is named in the error', async () => {
    const otherRegion = bucket.newStore({ region: 'eu-west-1' });
    await expect(otherRegion.open('dicom/2020/01/x')).rejects.toThrow(/AuthorizationHeaderMalformed .*S3_REGION/);
    const noBucket = bucket.newStore({ bucket: 'no-such-bucket' });
    await expect(noBucket.open('dicom/2020/01/x')).rejects.toThrow(/NoSuchBucket .*S3_BUCKET/);
    await expect(noBucket.exists('dicom/2020/01/x')).rejects.toMatchObject({ s3Code: 'NoSuchBucket' });
    await expect(noBucket.check()).rejects.toThrow(/HeadBucket failed: HTTP 404 NoSuchBucket .*S3_BUCKET/);
    await expect(bucket.newStore({ secretAccessKey: 'wrong' }).check()).rejects.toMatchObject({ code: 'EACCES' });
    await expect(sut.check()).resolves.toBeUndefined();
    await expect(noBucket.put(Readable.from([Buffer.from('x')]), { prefix: 'documents' })).rejects.toMatchObject({
      s3Code: 'NoSuchBucket',
    });
  });

  it('an unreachable endpoint fails after its retries with a clear error, and leaves no temporary file', async () => {
    const tmpDir = fs.mkdtempSync(path.join(scratch, 'spool-'));
    const down = new S3FileStore({ ...bucket.storeOptions(), endpoint: 'http://127.0.0.1:9', tmpDir, maxAttempts: 2 });
    try {
      const err = await down.put(Readable.from([Buffer.from('x')]), { prefix: 'documents' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'EIO', httpStatus: undefined, s3Code: 'ECONNREFUSED' });
      expect((err as Error).message).toContain('S3_ENDPOINT');
      expect(fs.readdirSync(tmpDir)).toEqual([]);
    } finally {
      down.close();
    }
  });

  it("two stores on the same bucket see each other's files (several servers, one bucket)", async () => {
    const other = bucket.newStore({ keyPrefix: 'site-a/' });
    const stored = await sut.put(Readable.from([Buffer.from('shared')]), { prefix: 'documents' });
    expect((await readAll(await other.open(stored.key))).toString()).toBe('shared');
    await other.remove(stored.key);
    expect(await sut.exists(stored.key)).toBe(false);
    // Another prefix is another site.
    const elsewhere = bucket.newStore({ keyPrefix: 'site-b' });
    const mine = await sut.put(Readable.from([Buffer.from('mine')]), { prefix: 'documents' });
    expect(await elsewhere.exists(mine.key)).toBe(false);
  });
});
