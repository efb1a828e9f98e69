import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicomInstances, dicomSeries, exams } from '../db/schema/index';
import { LocalDicomArchive } from '../dicom/archive/local-archive';
import { reindexDicom } from '../dicom/reindex/reindex';
import { buildInstance, testUid, writeTemp } from '../dicom/testing/build-dicom';
import { createTestApp, type TestContext } from '../test/test-app';
import {
  SIM_ACCESS_KEY_ID,
  SIM_BUCKET,
  SIM_REGION,
  SIM_SECRET,
  startSimulatedBucket,
  type SimulatedBucket,
} from './s3-testing';
import { createExamState } from '../modules/exams/exam-state';

const DAY = 86_400_000;

async function streamBytes(s: NodeJS.ReadableStream | null): Promise<Buffer | null> {
  if (!s) return null;
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The whole server with FILE_STORE=s3 on the S3 simulator: DICOM ingest, retrieve, thumbnails and the cold archive
 * (zip, unzip) keep every byte, and nothing lands on the local disk but temporary files.
 */
describe('DICOM archive on an S3-compatible bucket', () => {
  let bucket: SimulatedBucket;
  let sut: TestContext;
  let raw: S3Client;
  let clock = new Date('2025-03-01T03:00:00Z');
  let exam: typeof exams.$inferSelect;
  let cookie = '';
  const studyUid = testUid();
  const seriesUid = testUid();
  const sent: { sop: string; bytes: Buffer }[] = [];

  const keysUnder = async (prefix: string) => {
    const listed = await raw.send(new ListObjectsV2Command({ Bucket: SIM_BUCKET, Prefix: `site-a/${prefix}` }));
    return (listed.Contents ?? []).map((c) => c.Key!.slice('site-a/'.length));
  };
  const instances = () =>
    sut.database.db
      .select()
      .from(dicomInstances)
      .where(
        sql`${dicomInstances.sopInstanceUid} in (${sql.join(
          sent.map((s) => sql`${s.sop}`),
          sql`, `,
        )})`,
      );
  const wado = (sop: string) =>
    sut.app.inject({
      url: `/dicomweb/wado?requestType=WADO&studyUID=${studyUid}&seriesUID=${seriesUid}&objectUID=${sop}&contentType=application/dicom`,
      headers: { cookie },
    });
  const localFiles = () => {
    const dir = path.join(sut.config.DATA_DIR, 'files');
    return fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile())
      : [];
  };

  beforeAll(async () => {
    bucket = await startSimulatedBucket();
    raw = new S3Client({
      endpoint: bucket.sim.url,
      region: SIM_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: SIM_ACCESS_KEY_ID, secretAccessKey: SIM_SECRET },
    });
    sut = await createTestApp({
      now: () => clock,
      env: {
        FILE_STORE: 's3',
        S3_ENDPOINT: bucket.sim.url,
        S3_REGION: SIM_REGION,
        S3_BUCKET: SIM_BUCKET,
        S3_ACCESS_KEY_ID: SIM_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: SIM_SECRET,
        S3_PREFIX: 'site-a',
        DICOM_ARCHIVE_AFTER_DAYS: '30',
        DICOM_PURGE_AFTER_HOURS: '0',
      },
    });
    cookie = await sut.login('admin');
    [exam] = (await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          isNull(exams.deletedAt),
          isNotNull(exams.accessionNumber),
          eq(exams.hasImage, false),
          isNull(exams.zipStatus),
        ),
      )
      .limit(1)) as [typeof exams.$inferSelect];
  });
  afterAll(async () => {
    await sut?.close();
    raw?.destroy();
    await bucket?.close();
  });

  it('LocalDicomArchive on an S3FileStore ingests a file (consumed), openInstance gives the same bytes back; dicom:reindex reads the bucket', async () => {
    const store = bucket.newStore({ keyPrefix: 'unit' });
    const archive = new LocalDicomArchive(sut.database.db, store, createExamState(sut.database.db));
    const built = buildInstance({ patientName: 'ทดสอบ^ระบบ', charset: 'ISO_IR 192', rows: 32, columns: 32 });
    const temp = writeTemp(built.bytes);
    const r = await archive.ingestFile(temp, { source: 'CT1' });
    expect(r.status).toBe('stored');
    expect(fs.existsSync(temp)).toBe(false);
    expect((await streamBytes(await archive.openInstance(built.sopUid)))!.equals(built.bytes)).toBe(true);
    const [row] = await sut.database.db
      .select()
      .from(dicomInstances)
      .where(eq(dicomInstances.sopInstanceUid, built.sopUid));
    const head = await raw.send(new HeadObjectCommand({ Bucket: SIM_BUCKET, Key: `unit/${row!.storageKey}` }));
    expect(head.Metadata?.sha256).toBe(row!.sha256);
    expect(head.ContentLength).toBe(built.bytes.length);
    // The same instance again: stored once, its second upload removed from the bucket.
    const again = await archive.ingestFile(writeTemp(built.bytes), { source: 'CT1' });
    expect(again.status).toBe('duplicate');
    const listed = await raw.send(new ListObjectsV2Command({ Bucket: SIM_BUCKET, Prefix: 'unit/dicom/' }));
    expect(listed.KeyCount).toBe(1);

    // An instance the DIMSE receiver held in memory goes to the bucket the same way (putBytes), nothing on local disk.
    const fromMemory = buildInstance({ rows: 32, columns: 32 });
    expect(
      await archive.ingestBytes(
        fromMemory.bytes,
        { source: 'CT1' },
        { sha256: createHash('sha256').update(fromMemory.bytes).digest('hex') },
      ),
    ).toMatchObject({ status: 'stored' });
    expect((await streamBytes(await archive.openInstance(fromMemory.sopUid)))!.equals(fromMemory.bytes)).toBe(true);
    await sut.database.db.delete(dicomInstances).where(eq(dicomInstances.sopInstanceUid, fromMemory.sopUid));
    await store.remove(
      (await raw.send(new ListObjectsV2Command({ Bucket: SIM_BUCKET, Prefix: 'unit/dicom/' })))
        .Contents!.map((c) => c.Key!.slice('unit/'.length))
        .find((k) => k !== row!.storageKey)!,
    );

    // dicom:reindex on the bucket: a file whose row was lost (a crash before the commit) is indexed again.
    await sut.database.db.delete(dicomInstances).where(eq(dicomInstances.sopInstanceUid, built.sopUid));
    expect(await archive.openInstance(built.sopUid)).toBeNull();
    const report = await reindexDicom(sut.database.db, createExamState(sut.database.db), store);
    expect(report).toMatchObject({ files: 1, indexed: 1, unreadable: 0 });
    expect((await streamBytes(await archive.openInstance(built.sopUid)))!.equals(built.bytes)).toBe(true);
  });

  it('the server stores received images in the bucket and serves them byte-identical (WADO-URI), with thumbnails', async () => {
    for (const n of [1, 2, 3]) {
      const built = buildInstance({
        studyUid,
        seriesUid,
        instanceNumber: n,
        accessionNumber: exam.accessionNumber!,
        rows: 64,
        columns: 64,
      });
      const r = await sut.services.archive.ingestFile(writeTemp(built.bytes), { source: 'CT1' });
      expect(r.status).toBe('stored');
      sent.push({ sop: built.sopUid, bytes: built.bytes });
    }
    const rows = await instances();
    expect((await keysUnder('dicom/')).filter((k) => rows.some((r) => r.storageKey === k))).toHaveLength(3);
    for (const s of sent) {
      const res = await wado(s.sop);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(s.bytes)).toBe(true);
    }
    await sut.services.thumbnails.flush();
    const [series] = await sut.database.db
      .select()
      .from(dicomSeries)
      .where(eq(dicomSeries.seriesInstanceUid, seriesUid));
    expect(series!.thumbnailKey).toMatch(/^dicom-thumbnails\//);
    const png = await raw.send(new GetObjectCommand({ Bucket: SIM_BUCKET, Key: `site-a/${series!.thumbnailKey}` }));
    expect(
      Buffer.from(await png.Body!.transformToByteArray())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(localFiles()).toEqual([]);
  });

  it('the cold archive packs the study into a zip in the bucket and unzip brings every byte back', async () => {
    clock = new Date(clock.getTime() + 31 * DAY);
    await sut.services.dicomImages.sweepJob.send({});
    expect((await sut.services.jobs.drain()).failed).toBe(0);
    // A month later the session is gone.
    cookie = await sut.login('admin');
    const archived = await instances();
    expect(archived.every((i) => i.coldKey !== null && i.coldKey === archived[0]!.coldKey)).toBe(true);
    expect(await keysUnder('dicom-cold/')).toEqual([archived[0]!.coldKey]);
    const hotKeys = await keysUnder('dicom/');
    for (const r of archived) expect(hotKeys).not.toContain(r.storageKey);
    expect((await wado(sent[0]!.sop)).statusCode).toBe(409);

    const unzip = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${exam.id}/unzip`,
      payload: {},
      headers: { cookie },
    });
    expect(unzip.statusCode, unzip.body).toBe(200);
    expect((await sut.services.jobs.drain()).failed).toBe(0);
    const [after] = await sut.database.db.select().from(exams).where(eq(exams.id, exam.id));
    expect(after!.zipStatus).toBe('Uploaded');
    for (const s of sent) {
      const res = await wado(s.sop);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(s.bytes)).toBe(true);
    }
    expect(await keysUnder('dicom-cold/')).toEqual([]);
    expect(localFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(sut.config.DATA_DIR, 'tmp', 's3'))).toEqual([]);
  });
});
