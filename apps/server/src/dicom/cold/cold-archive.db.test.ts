import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { dicomInstances, dicomSeries, dicomStudies, examEvents, exams, users } from '../../db/schema/index';
import { LocalFileStore } from '../../storage/local-file-store';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, testUid, writeTemp } from '../testing/build-dicom';
import { reindexDicom } from '../reindex/reindex';
import { ColdArchiveService, COLD_PREFIX, type ColdStep } from './cold-archive.service';
import { LocalStoreFiles } from './store-files';
import { MANIFEST } from './study-zip';
import { createExamState } from '../../modules/exams/exam-state';

const DAY = 86_400_000;

/** Every entry of a zip on disk, by name. */
async function zipEntries(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: true });
  const out = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

describe(ColdArchiveService.name, () => {
  let sut: TestContext;
  let clock = new Date('2025-01-10T03:00:00Z');
  let exam: typeof exams.$inferSelect;
  let filesRoot: string;
  const studyUid = testUid();
  const seriesA = testUid();
  const seriesB = testUid();
  const sent: { sop: string; series: string; bytes: Buffer }[] = [];
  let cookies: Record<string, string> = {};
  /** Days pass: sessions (12 h) end, so everyone signs in again. */
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
    cookies = {};
  };
  const as = async (u: string) => (cookies[u] ??= await sut.login(u));
  const get = async (u: string, url: string, accept?: string) =>
    sut.app.inject({ url, headers: { cookie: await as(u), ...(accept ? { accept } : {}) } });
  const post = async (u: string, url: string, payload: object = {}) =>
    sut.app.inject({ method: 'POST', url, payload, headers: { cookie: await as(u) } });
  const wadoUri = (s: { sop: string; series: string }) =>
    `/dicomweb/wado?requestType=WADO&studyUID=${studyUid}&seriesUID=${s.series}&objectUID=${s.sop}&contentType=application/dicom`;
  const examRow = async () => (await sut.database.db.select().from(exams).where(eq(exams.id, exam.id)))[0]!;
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
  const coldZips = () => {
    const dir = path.join(filesRoot, COLD_PREFIX);
    return fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true }) as string[])
          .filter((f) => fs.statSync(path.join(dir, f)).isFile())
          .map((f) => `${COLD_PREFIX}/${f.split(path.sep).join('/')}`)
      : [];
  };
  const hotExists = (key: string) => fs.existsSync(path.join(filesRoot, key));
  const log = async () =>
    (await sut.database.db.select().from(examEvents).where(eq(examEvents.examId, exam.id))).map((e) => e.action);
  const archiveNow = async () => {
    tick(31 * DAY);
    await sut.services.dicomImages.sweepJob.send({});
    return sut.services.jobs.drain();
  };
  /** Every image can still be read byte-identical: from its hot file, or else from the zip the index names. */
  const nothingLost = async () => {
    for (const row of await instances()) {
      const original = sent.find((s) => s.sop === row.sopInstanceUid)!.bytes;
      if (hotExists(row.storageKey) && !row.coldKey) {
        expect(fs.readFileSync(path.join(filesRoot, row.storageKey)).equals(original)).toBe(true);
      } else {
        expect(row.coldKey, 'an instance without hot file must be in a zip').toBeTruthy();
        const entries = await zipEntries(path.join(filesRoot, row.coldKey!));
        expect(entries.get(`${row.sopInstanceUid}.dcm`)?.equals(original)).toBe(true);
      }
    }
  };

  beforeAll(async () => {
    sut = await createTestApp({
      now: () => clock,
      env: { DICOM_ARCHIVE_AFTER_DAYS: '30', DICOM_PURGE_AFTER_HOURS: '0' },
    });
    filesRoot = path.join(sut.config.DATA_DIR, 'files');
    const [hospital] = await sut.database.db.select().from(users).where(eq(users.username, 'hospital'));
    [exam] = (await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          isNull(exams.deletedAt),
          isNotNull(exams.accessionNumber),
          isNotNull(exams.hospitalId),
          ne(exams.hospitalId, hospital!.hospitalId!),
          eq(exams.hasImage, false),
          isNull(exams.zipStatus),
        ),
      )
      .limit(1)) as [typeof exams.$inferSelect];
    for (const [series, n] of [
      [seriesA, 1],
      [seriesA, 2],
      [seriesB, 1],
    ] as const) {
      const built = buildInstance({
        studyUid,
        seriesUid: series,
        instanceNumber: n,
        seriesNumber: series === seriesA ? 1 : 2,
        accessionNumber: exam.accessionNumber!,
        rows: 64,
        columns: 64,
      });
      const r = await sut.services.archive.ingestFile(writeTemp(built.bytes), { source: 'CT1' });
      expect(r.status).toBe('stored');
      sent.push({ sop: built.sopUid, series, bytes: built.bytes });
    }
    await sut.services.thumbnails.flush();
  });
  /** The crash tests' own stores: each has a writer thread that makes spare files in the background until closed. */
  const extraStores: LocalFileStore[] = [];
  const openStore = (root: string) => {
    const store = new LocalFileStore(root);
    extraStores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of extraStores) await store.close();
    await sut.close();
  });

  it('leaves a study alone until it is older than DICOM_ARCHIVE_AFTER_DAYS', async () => {
    tick(29 * DAY);
    await sut.services.dicomImages.sweepJob.send({});
    await sut.services.jobs.drain();
    expect((await instances()).every((i) => i.coldKey === null)).toBe(true);
    expect(coldZips()).toEqual([]);
  });

  it('packs an old study into one zip in cold storage, removes the hot files; WADO answers 409, QIDO and the series list still work', async () => {
    const before = await examRow();
    // A recent study of another exam is not due.
    const recent = buildInstance({ accessionNumber: 'NOT-AN-EXAM-RECENT' });
    tick(2 * DAY);
    await sut.services.archive.ingestFile(writeTemp(recent.bytes), { source: 'CT1' });
    await sut.services.dicomImages.sweepJob.send({});
    await sut.services.jobs.drain();

    const rows = await instances();
    expect(rows.every((i) => i.coldKey !== null && i.coldKey === rows[0]!.coldKey)).toBe(true);
    expect(coldZips()).toEqual([rows[0]!.coldKey]);
    for (const r of rows) expect(hotExists(r.storageKey)).toBe(false);
    const entries = await zipEntries(path.join(filesRoot, rows[0]!.coldKey!));
    expect([...entries.keys()].sort()).toEqual([...sent.map((s) => `${s.sop}.dcm`), MANIFEST].sort());
    for (const s of sent) expect(entries.get(`${s.sop}.dcm`)!.equals(s.bytes)).toBe(true);
    const manifest = JSON.parse(entries.get(MANIFEST)!.toString()) as {
      instances: { sopInstanceUid: string; sha256: string }[];
    };
    expect(manifest.instances.map((i) => i.sha256).sort()).toEqual(rows.map((r) => r.sha256).sort());
    const [other] = await sut.database.db
      .select()
      .from(dicomInstances)
      .where(eq(dicomInstances.sopInstanceUid, recent.sopUid));
    expect(other!.coldKey).toBeNull();

    const after = await examRow();
    expect(after).toMatchObject({ zipStatus: 'Archive', version: before.version + 1 });
    expect(after.zipStatusUpdatedAt?.getTime()).toBe(clock.getTime());
    expect(await log()).toContain('archived');

    const wado = await get('admin', wadoUri(sent[0]!));
    expect(wado.statusCode).toBe(409);
    expect(wado.json().message).toMatch(/Archive/);
    expect(
      (
        await get(
          'admin',
          `/dicomweb/studies/${studyUid}/series/${seriesA}/instances/${sent[0]!.sop}`,
          'application/dicom',
        )
      ).statusCode,
    ).toBe(409);
    expect((await get('admin', `/dicomweb/studies/${studyUid}`)).statusCode).toBe(409);
    const qido = await get('admin', `/dicomweb/studies/${studyUid}/instances`, 'application/dicom+json');
    expect(qido.statusCode).toBe(200);
    expect(qido.json()).toHaveLength(3);
    expect((await get('admin', `/dicomweb/studies/${studyUid}/metadata`, 'application/dicom+json')).statusCode).toBe(
      200,
    );
    const series = await get('admin', `/api/exam/${exam.id}/series`);
    expect(series.json().data).toHaveLength(2);
    // The worklist row shows it.
    expect((await get('admin', `/api/exam/${exam.id}`)).json().data).toMatchObject({ zipStatus: 'Archive' });

    // Nothing more to do on the next night.
    tick(DAY);
    await sut.services.dicomImages.sweepJob.send({});
    expect(await sut.services.jobs.drain()).toEqual({ ran: 1, failed: 0 });
  });

  it('refuses unzip to a user without the image permission (403) and to a hospital user of another hospital (404)', async () => {
    expect((await post('billing', `/api/exam/${exam.id}/unzip`)).statusCode).toBe(403);
    expect((await post('hospital', `/api/exam/${exam.id}/unzip`)).statusCode).toBe(404);
    expect((await examRow()).zipStatus).toBe('Archive');
    expect(await sut.services.dicomImages.restorePending(exam.id)).toBe(false);
  });

  it('dicom:reindex --rebuild keeps archived images: indexed again from their zip, still archived and linked', async () => {
    const before = await instances();
    expect(before.length).toBe(sent.length);
    expect(before.every((r) => r.coldKey)).toBe(true);
    const report = await reindexDicom(sut.database.db, createExamState(sut.database.db), filesRoot, {
      rebuild: true,
      cold: filesRoot,
      now: () => clock,
    });
    sut.services.archive.forgetSeries();
    expect(report).toMatchObject({ coldIndexed: sent.length, missingFiles: 0, unreadable: 0 });
    const after = await instances();
    expect(after.map((r) => [r.sopInstanceUid, r.coldKey, r.sha256, r.sizeBytes]).sort()).toEqual(
      before.map((r) => [r.sopInstanceUid, r.coldKey, r.sha256, r.sizeBytes]).sort(),
    );
    const [study] = await sut.database.db
      .select()
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, studyUid));
    expect(study!.examId).toBe(exam.id);
    expect((await get('admin', wadoUri(sent[0]!))).statusCode).toBe(409);
    // A second run finds them all and adds nothing.
    expect(
      await reindexDicom(sut.database.db, createExamState(sut.database.db), filesRoot, {
        cold: filesRoot,
        now: () => clock,
      }),
    ).toMatchObject({
      coldIndexed: 0,
      missingFiles: 0,
    });
  });

  it('unzip queues a restore (once, however often it is asked), which brings back byte-identical files and sets Uploaded', async () => {
    const before = await examRow();
    const first = await post('admin', `/api/exam/${exam.id}/unzip`, { version: before.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ zipStatus: 'Archive', version: before.version + 1 });
    expect(first.json().data.log).toMatch(/unzipRequested/);
    const again = await post('admin', `/api/exam/${exam.id}/unzip`);
    expect(again.json().data.version).toBe(before.version + 1);
    expect((await log()).filter((a) => a === 'unzipRequested')).toHaveLength(1);

    const zip = (await instances())[0]!.coldKey!;
    expect(await sut.services.jobs.drain()).toEqual({ ran: 1, failed: 0 });
    const after = await examRow();
    expect(after).toMatchObject({ zipStatus: 'Uploaded', version: before.version + 2 });
    expect(await log()).toContain('unzipped');
    for (const r of await instances()) {
      expect(r.coldKey).toBeNull();
      expect(hotExists(r.storageKey)).toBe(true);
    }
    for (const s of sent) {
      const res = await get('admin', wadoUri(s));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(s.bytes)).toBe(true);
    }
    expect(coldZips()).not.toContain(zip);
    // Asked again once it is back: nothing happens.
    const late = await post('admin', `/api/exam/${exam.id}/unzip`);
    expect(late.json().data).toMatchObject({ zipStatus: 'Uploaded', version: after.version });
  });

  it('a damaged cold zip: the restore sets Error with the reason in the exam log, keeps the images archived, and a later unzip retries', async () => {
    await archiveNow();
    expect((await examRow()).zipStatus).toBe('Archive');
    const zipKey = (await instances())[0]!.coldKey!;
    const zipPath = path.join(filesRoot, zipKey);
    const good = fs.readFileSync(zipPath);
    const damaged = Buffer.from(good);
    for (let i = 200; i < 260; i++) damaged[i] = damaged[i]! ^ 0xff;
    fs.writeFileSync(zipPath, damaged);
    const hotBefore = (fs.readdirSync(path.join(filesRoot, 'dicom'), { recursive: true }) as string[]).length;

    expect((await post('admin', `/api/exam/${exam.id}/unzip`)).statusCode).toBe(200);
    await sut.services.jobs.drain();
    const row = await examRow();
    expect(row.zipStatus).toBe('Error');
    const [failure] = await sut.database.db
      .select()
      .from(examEvents)
      .where(and(eq(examEvents.examId, exam.id), eq(examEvents.action, 'unzipFailed')));
    expect(failure!.detail).toMatch(/คืนภาพไม่สำเร็จ/);
    expect((await get('admin', `/api/exam/${exam.id}`)).json().data).toMatchObject({ zipStatus: 'Error' });
    expect((await instances()).every((i) => i.coldKey === zipKey)).toBe(true);
    expect((fs.readdirSync(path.join(filesRoot, 'dicom'), { recursive: true }) as string[]).length).toBe(hotBefore);
    expect((await get('admin', wadoUri(sent[0]!))).statusCode).toBe(409);

    // The cold disk is repaired: unzip again from Error.
    fs.writeFileSync(zipPath, good);
    const retry = await post('admin', `/api/exam/${exam.id}/unzip`);
    expect(retry.json().data.zipStatus).toBe('Archive');
    await sut.services.jobs.drain();
    expect((await examRow()).zipStatus).toBe('Uploaded');
    await nothingLost();
  });

  describe('a crash between steps never loses a file', () => {
    const crashingAt = (at: ColdStep) =>
      new ColdArchiveService({
        db: sut.database.db,
        examState: createExamState(sut.database.db),
        hot: { store: openStore(filesRoot), files: new LocalStoreFiles(filesRoot) },
        cold: { store: openStore(filesRoot), files: new LocalStoreFiles(filesRoot) },
        now: () => clock,
        step: (s) => {
          if (s === at) throw new Error(`crash at ${s}`);
        },
      });
    const studyId = async () =>
      (await sut.database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, studyUid)))[0]!.id;

    it('archive: after the zip is written, and after it is verified, the hot files stay and are served', async () => {
      tick(31 * DAY);
      for (const at of ['archive:zipped', 'archive:verified'] as const) {
        await expect(crashingAt(at).archiveStudy(await studyId(), 30)).rejects.toThrow(at);
        expect((await instances()).every((i) => i.coldKey === null && hotExists(i.storageKey))).toBe(true);
        expect((await get('admin', wadoUri(sent[1]!))).statusCode).toBe(200);
        await nothingLost();
      }
    });

    it('archive: after the commit both copies exist, and the retry removes the hot files', async () => {
      await expect(crashingAt('archive:committed').archiveStudy(await studyId(), 30)).rejects.toThrow(
        'archive:committed',
      );
      const rows = await instances();
      expect(rows.every((i) => i.coldKey !== null && hotExists(i.storageKey))).toBe(true);
      expect((await get('admin', wadoUri(sent[1]!))).statusCode).toBe(409);
      await nothingLost();
      await sut.services.dicomImages.archiveJob.send({ studyId: await studyId() });
      await sut.services.jobs.drain();
      expect((await instances()).every((i) => i.coldKey !== null && !hotExists(i.storageKey))).toBe(true);
      await nothingLost();
    });

    it('restore: before the commit the zip is still the copy; after it the images are hot and the next run finishes', async () => {
      await expect(crashingAt('restore:extracted').restoreExam(exam.id)).rejects.toThrow('restore:extracted');
      expect((await instances()).every((i) => i.coldKey !== null)).toBe(true);
      await nothingLost();
      const zipKey = (await instances())[0]!.coldKey!;
      await expect(crashingAt('restore:committed').restoreExam(exam.id)).rejects.toThrow('restore:committed');
      // Committed: the images are hot and the exam shows Uploaded; the zip was not removed yet (both copies).
      expect((await instances()).every((i) => i.coldKey === null && hotExists(i.storageKey))).toBe(true);
      expect(fs.existsSync(path.join(filesRoot, zipKey))).toBe(true);
      await nothingLost();
      expect((await examRow()).zipStatus).toBe('Uploaded');
      // The job's retry finds nothing left to bring back.
      await sut.services.dicomImages.restoreJob.send({ examId: exam.id });
      expect(await sut.services.jobs.drain()).toEqual({ ran: 1, failed: 0 });
      expect((await examRow()).zipStatus).toBe('Uploaded');
      for (const s of sent) expect((await get('admin', wadoUri(s))).statusCode).toBe(200);
    });
  });

  it('DICOM delete of an archived exam: the purge removes the zip and every row', async () => {
    await archiveNow();
    const zipKey = (await instances())[0]!.coldKey!;
    expect(fs.existsSync(path.join(filesRoot, zipKey))).toBe(true);
    const res = await post('admin', `/api/exam/${exam.id}/dicom/delete`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ hasImage: false, zipStatus: null });
    await sut.services.jobs.drain();
    expect(await instances()).toEqual([]);
    expect(fs.existsSync(path.join(filesRoot, zipKey))).toBe(false);
    expect(
      await sut.database.db
        .select()
        .from(dicomSeries)
        .where(sql`${dicomSeries.seriesInstanceUid} in (${seriesA}, ${seriesB})`),
    ).toEqual([]);
    expect(
      await sut.database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, studyUid)),
    ).toEqual([]);
  });
});
