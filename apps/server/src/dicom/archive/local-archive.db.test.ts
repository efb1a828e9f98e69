import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { branches, dicomInstances, dicomSeries, dicomStudies, examEvents, exams } from '../../db/schema/index';
import type { FileStore } from '../../storage/file-store';
import { LocalFileStore } from '../../storage/local-file-store';
import { openTestDatabase } from '../../test/test-app';
import { encodeTis620 } from '../parse/charset';
import { buildInstance, copyTemp, testUid, writeTemp } from '../testing/build-dicom';
import { corpusFiles, corpusPath, REFUSED } from '../testing/corpus';
import { ColdArchiveRepository } from '../cold/cold-archive.repository';
import { LocalDicomArchive } from './local-archive';
import { createExamState } from '../../modules/exams/exam-state';

describe(LocalDicomArchive.name, () => {
  let database: DatabaseHandle;
  let sut: LocalDicomArchive;
  let dataDir: string;
  /** Every store a test opens: each has a writer thread that makes spare files in the background until closed. */
  const stores: LocalFileStore[] = [];
  const openStore = (root: string) => {
    const store = new LocalFileStore(root);
    stores.push(store);
    return store;
  };
  const events: { studyInstanceUid: string; examId: string | null }[] = [];
  const temp = (bytes: Uint8Array) => writeTemp(bytes, dataDir);
  const storedFiles = () => {
    const root = path.join(dataDir, 'files', 'dicom');
    return fs.existsSync(root)
      ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile())
      : [];
  };
  const streamBytes = async (s: NodeJS.ReadableStream | null) => {
    if (!s) return null;
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-archive-'));
    sut = new LocalDicomArchive(database.db, openStore(path.join(dataDir, 'files')), createExamState(database.db));
    sut.onStudyChanged((e) => events.push(e));
  });
  afterAll(async () => {
    await sut.close();
    // Stopped first, or their folders fill while they are removed.
    for (const store of stores) await store.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('pydicom corpus', () => {
    it('stores every valid file once (same SOP Instance: duplicate), refuses every broken one, consumes every temp file', async () => {
      const seen = new Set<string>();
      const temps: string[] = [];
      for (const file of corpusFiles()) {
        const tempPath = copyTemp(corpusPath(file), dataDir);
        temps.push(tempPath);
        const r = await sut.ingestFile(tempPath, { source: 'TEST_SCU' });
        if (REFUSED[file]) {
          expect(r.status, file).toBe('refused');
          if (r.status === 'refused') expect(REFUSED[file], file).toContain(r.code);
          continue;
        }
        expect(r.status, `${file} ${r.status === 'refused' ? r.reason : ''}`).not.toBe('refused');
        if (r.status === 'refused') continue;
        expect(r.status, file).toBe(seen.has(r.sopInstanceUid) ? 'duplicate' : 'stored');
        seen.add(r.sopInstanceUid);
      }
      expect(temps.filter((t) => fs.existsSync(t))).toEqual([]);
      const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(dicomInstances)) as [
        { n: number },
      ];
      expect(n).toBe(seen.size);
      expect(storedFiles().length).toBe(seen.size);
    });

    it('gives back the stored bytes exactly', async () => {
      const original = fs.readFileSync(corpusPath('CT_small.dcm'));
      const sop = '1.3.6.1.4.1.5962.1.1.1.1.1.20040119072730.12322';
      expect((await streamBytes(await sut.openInstance(sop)))?.equals(original)).toBe(true);
      expect(await sut.openInstance('1.2.3.4.5.6.7.8.9')).toBeNull();
    });
  });

  it('stores the same SOP Instance once, also when both copies arrive together', async () => {
    const { bytes, sopUid } = buildInstance();
    const before = storedFiles().length;
    const [a, b] = await Promise.all([
      sut.ingestFile(temp(bytes), { source: 'A' }),
      sut.ingestFile(temp(bytes), { source: 'B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['duplicate', 'stored']);
    const again = await sut.ingestFile(temp(bytes), { source: 'A' });
    expect(again).toMatchObject({ status: 'duplicate', sopInstanceUid: sopUid });
    expect(storedFiles().length).toBe(before + 1);
    const rows = await database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, sopUid));
    expect(rows.length).toBe(1);
  });

  it('counts series and instances per study and lists its modalities', async () => {
    const studyUid = testUid();
    const ct = testUid();
    const mr = testUid();
    for (const [seriesUid, modality] of [
      [ct, 'CT'],
      [ct, 'CT'],
      [mr, 'MR'],
    ] as const) {
      const r = await sut.ingestFile(temp(buildInstance({ studyUid, seriesUid, modality }).bytes), { source: 'CT1' });
      expect(r.status).toBe('stored');
    }
    await sut.flushCounts();
    const [study] = await database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, studyUid));
    expect(study).toMatchObject({
      numberOfSeries: 2,
      numberOfInstances: 3,
      modalitiesInStudy: 'CT\\MR',
      callingAeTitle: 'CT1',
      examId: null,
    });
    const series = await database.db.select().from(dicomSeries).where(eq(dicomSeries.studyId, study!.id));
    expect(series.map((s) => s.numberOfInstances).sort()).toEqual([1, 2]);
  });

  it('keeps Thai names from TIS-620 and UTF-8 instances in the index', async () => {
    const thai = 'สมศักดิ์^รักไทย';
    const a = buildInstance({ charset: 'ISO_IR 166', patientName: encodeTis620(thai) });
    const b = buildInstance({ charset: 'ISO_IR 192', patientName: Buffer.from(thai, 'utf8') });
    await sut.ingestFile(temp(a.bytes), { source: 'US1' });
    await sut.ingestFile(temp(b.bytes), { source: 'US1' });
    const rows = await database.db
      .select({ name: dicomStudies.patientName, search: dicomStudies.patientNameSearch })
      .from(dicomStudies)
      .where(sql`${dicomStudies.studyInstanceUid} in (${a.studyUid}, ${b.studyUid})`);
    expect(rows).toEqual([
      { name: thai, search: 'สมศักดิ์ รักไทย' },
      { name: thai, search: 'สมศักดิ์ รักไทย' },
    ]);
  });

  it('links a study to its exam by AccessionNumber: hasImage, received, Scheduled → Arrived, a log line', async () => {
    const [exam] = await database.db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.status, 'Scheduled'),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          sql`${exams.accessionNumber} is not null`,
        ),
      )
      .limit(1);
    if (!exam) throw new Error('no scheduled demo exam');
    const { bytes, studyUid } = buildInstance({ accessionNumber: exam.accessionNumber! });
    events.length = 0;
    const r = await sut.ingestFile(temp(bytes), { source: 'CT_RS1' });
    expect(r).toMatchObject({ status: 'stored', examId: exam.id, studyInstanceUid: studyUid });
    const [after] = await database.db.select().from(exams).where(eq(exams.id, exam.id));
    const [branch] = await database.db.select().from(branches).where(eq(branches.id, exam.branchId));
    expect(after).toMatchObject({
      hasImage: true,
      status: 'Arrived',
      version: exam.version + 1,
      dicomAuditStatus: branch!.dicomAuditRequired ? 'WaitingForAudit' : '',
    });
    expect(after!.receivedAt).not.toBeNull();
    const log = await database.db
      .select()
      .from(examEvents)
      .where(and(eq(examEvents.examId, exam.id), eq(examEvents.action, 'imagesReceived')));
    expect(log).toEqual([expect.objectContaining({ userName: 'CT_RS1', detail: 'รับภาพจาก CT_RS1' })]);
    expect(events).toEqual([{ studyInstanceUid: studyUid, examId: exam.id }]);
    // A second instance of the study changes nothing more on the exam.
    await sut.ingestFile(temp(buildInstance({ studyUid, accessionNumber: exam.accessionNumber! }).bytes), {
      source: 'CT_RS1',
    });
    const [later] = await database.db.select().from(exams).where(eq(exams.id, exam.id));
    expect(later!.version).toBe(after!.version);
  });

  it('indexes instances that arrive together (parallel associations) in shared statements, each counted once', async () => {
    const a = { studyUid: testUid(), seriesUid: testUid() };
    const b = { studyUid: testUid(), seriesUid: testUid() };
    for (const s of [a, b])
      await sut.ingestFile(temp(buildInstance({ ...s, instanceNumber: 0 }).bytes), { source: 'CT1' });
    const many = Array.from({ length: 40 }, (_, i) => buildInstance({ ...(i % 2 ? a : b), instanceNumber: i + 1 }));
    const results = await Promise.all([...many, many[3]!].map((m) => sut.ingestFile(temp(m.bytes), { source: 'CT1' })));
    expect(results.filter((r) => r.status === 'stored')).toHaveLength(40);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(1);
    // Counts of the one-statement path follow a moment later; a reader that shows them flushes first.
    await sut.flushCounts();
    for (const s of [a, b]) {
      const [study] = await database.db
        .select()
        .from(dicomStudies)
        .where(eq(dicomStudies.studyInstanceUid, s.studyUid));
      const [series] = await database.db
        .select()
        .from(dicomSeries)
        .where(eq(dicomSeries.seriesInstanceUid, s.seriesUid));
      expect(study!.numberOfInstances).toBe(21);
      expect(series!.numberOfInstances).toBe(21);
    }
  });

  for (const how of ['a delete made by this server', 'a delete made by another server'] as const) {
    it(`links again when images keep coming to a series whose study was unlinked since (${how}), and stores each once`, async () => {
      let clock = Date.now();
      const archive = new LocalDicomArchive(
        database.db,
        openStore(path.join(dataDir, 'files')),
        createExamState(database.db),
        {
          now: () => new Date(clock),
        },
      );
      const [exam] = await database.db
        .select()
        .from(exams)
        .where(
          and(
            eq(exams.status, 'Scheduled'),
            eq(exams.hasImage, false),
            isNull(exams.deletedAt),
            sql`${exams.accessionNumber} is not null`,
          ),
        )
        .limit(1);
      if (!exam) throw new Error('no scheduled demo exam');
      const series = { studyUid: testUid(), seriesUid: testUid(), accessionNumber: exam.accessionNumber! };
      const sent = [];
      for (let i = 1; i <= 3; i += 1)
        sent.push(
          await archive.ingestFile(temp(buildInstance({ ...series, instanceNumber: i }).bytes), { source: 'CT_RS1' }),
        );
      expect(sent.map((r) => (r.status === 'refused' ? r.reason : r.examId))).toEqual([exam.id, exam.id, exam.id]);
      const count = async () => {
        await archive.flushCounts();
        return (
          await database.db
            .select({ n: dicomSeries.numberOfInstances })
            .from(dicomSeries)
            .where(eq(dicomSeries.seriesInstanceUid, series.seriesUid))
        )[0]?.n;
      };
      expect(await count()).toBe(3);
      // What a DICOM delete does to the study. This server forgets the series at once; another one trusts what it
      // remembers for a second at most.
      await database.db
        .update(dicomStudies)
        .set({ examId: null })
        .where(eq(dicomStudies.studyInstanceUid, series.studyUid));
      await database.db.update(exams).set({ hasImage: false }).where(eq(exams.id, exam.id));
      if (how === 'a delete made by this server') archive.forgetSeries();
      else clock += 1_001;
      const again = await archive.ingestFile(temp(buildInstance({ ...series, instanceNumber: 4 }).bytes), {
        source: 'CT_RS1',
      });
      expect(again).toMatchObject({ status: 'stored', examId: exam.id });
      await archive.flushCounts();
      const [study] = await database.db
        .select()
        .from(dicomStudies)
        .where(eq(dicomStudies.studyInstanceUid, series.studyUid));
      expect(study).toMatchObject({ examId: exam.id, numberOfInstances: 4 });
      expect((await database.db.select().from(exams).where(eq(exams.id, exam.id)))[0]!.hasImage).toBe(true);
      const dup = buildInstance({ ...series, instanceNumber: 4 });
      expect(await archive.ingestFile(temp(dup.bytes), { source: 'CT_RS1' })).toMatchObject({ status: 'stored' });
      expect(await archive.ingestFile(temp(dup.bytes), { source: 'CT_RS1' })).toMatchObject({
        status: 'duplicate',
        examId: exam.id,
      });
      expect(await count()).toBe(5);
    });
  }

  it('links an unmatched study once its exam exists (checked again a second later), and keeps a still-unmatched one on the short path', async () => {
    let clock = Date.now();
    const archive = new LocalDicomArchive(
      database.db,
      openStore(path.join(dataDir, 'files')),
      createExamState(database.db),
      {
        now: () => new Date(clock),
      },
    );
    const later = { studyUid: testUid(), seriesUid: testUid(), accessionNumber: `LATER${Date.now()}` };
    const alone = { studyUid: testUid(), seriesUid: testUid(), accessionNumber: `ALONE${Date.now()}` };
    const send = (s: typeof later, i: number) =>
      archive.ingestFile(temp(buildInstance({ ...s, instanceNumber: i }).bytes), { source: 'CT_RS1' });
    expect(await send(later, 1)).toMatchObject({ status: 'stored', examId: null });
    expect(await send(alone, 1)).toMatchObject({ status: 'stored', examId: null });
    // The order arrives after its first images (a walk-in scanned before registration).
    const [exam] = await database.db
      .select()
      .from(exams)
      .where(and(eq(exams.status, 'Scheduled'), eq(exams.hasImage, false), isNull(exams.deletedAt)))
      .limit(1);
    if (!exam) throw new Error('no scheduled demo exam');
    await database.db.update(exams).set({ accessionNumber: later.accessionNumber }).where(eq(exams.id, exam.id));
    expect(await send(later, 2)).toMatchObject({ status: 'stored', examId: null }); // trusted for a second
    clock += 1_001;
    const full = (archive as unknown as { repo: { indexInstance: (...a: unknown[]) => Promise<unknown> } }).repo;
    let fullTransactions = 0;
    const indexInstance = full.indexInstance.bind(full);
    full.indexInstance = (...a: unknown[]) => {
      fullTransactions += 1;
      return indexInstance(...a);
    };
    expect(await send(alone, 2)).toMatchObject({ status: 'stored', examId: null });
    expect(fullTransactions).toBe(0);
    expect(await send(later, 3)).toMatchObject({ status: 'stored', examId: exam.id });
    expect(fullTransactions).toBe(1);
    expect((await database.db.select().from(exams).where(eq(exams.id, exam.id)))[0]).toMatchObject({
      hasImage: true,
      status: 'Arrived',
    });
    await archive.flushCounts();
    const [study] = await database.db
      .select()
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, later.studyUid));
    expect(study).toMatchObject({ examId: exam.id, numberOfInstances: 3 });
  });

  it('recounts a series from its rows a moment after its images, and at start after a crash left counts short', async () => {
    const s = { studyUid: testUid(), seriesUid: testUid() };
    for (let i = 1; i <= 5; i += 1)
      expect(
        await sut.ingestFile(temp(buildInstance({ ...s, instanceNumber: i }).bytes), { source: 'CT1' }),
      ).toMatchObject({ status: 'stored' });
    const counts = async () => {
      const [row] = await database.db
        .select({ series: dicomSeries.numberOfInstances, study: dicomStudies.numberOfInstances })
        .from(dicomSeries)
        .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
        .where(eq(dicomSeries.seriesInstanceUid, s.seriesUid));
      return row;
    };
    // On its own within a moment (no reader asked).
    await expect.poll(counts, { timeout: 5_000 }).toEqual({ series: 5, study: 5 });
    // A crash between the acknowledgement and the recount: the counts stayed short; the next start sets them right.
    await database.db
      .update(dicomSeries)
      .set({ numberOfInstances: 1 })
      .where(eq(dicomSeries.seriesInstanceUid, s.seriesUid));
    await database.db
      .update(dicomStudies)
      .set({ numberOfInstances: 1 })
      .where(eq(dicomStudies.studyInstanceUid, s.studyUid));
    expect(await sut.repairCounts()).toBeGreaterThan(0);
    expect(await counts()).toEqual({ series: 5, study: 5 });
  });

  it('a series purged while this server remembers it: the next images, together or not, recreate it and none is lost', async () => {
    const s = { studyUid: testUid(), seriesUid: testUid() };
    expect(
      await sut.ingestFile(temp(buildInstance({ ...s, instanceNumber: 1 }).bytes), { source: 'CT1' }),
    ).toMatchObject({ status: 'stored' });
    // What the purge does once every image of the series is gone.
    const [series] = await database.db.select().from(dicomSeries).where(eq(dicomSeries.seriesInstanceUid, s.seriesUid));
    await database.db.delete(dicomInstances).where(eq(dicomInstances.seriesId, series!.id));
    await database.db.delete(dicomSeries).where(eq(dicomSeries.id, series!.id));
    await database.db.delete(dicomStudies).where(eq(dicomStudies.studyInstanceUid, s.studyUid));
    const results = await Promise.all(
      [2, 3, 4].map((i) => sut.ingestFile(temp(buildInstance({ ...s, instanceNumber: i }).bytes), { source: 'CT1' })),
    );
    expect(results.map((r) => r.status)).toEqual(['stored', 'stored', 'stored']);
    await sut.flushCounts();
    const [again] = await database.db.select().from(dicomSeries).where(eq(dicomSeries.seriesInstanceUid, s.seriesUid));
    expect(again!.numberOfInstances).toBe(3);
    expect(await database.db.select().from(dicomInstances).where(eq(dicomInstances.seriesId, again!.id))).toHaveLength(
      3,
    );
  });

  it('stores again an instance sent after a DICOM delete hid it (before the purge), replacing the hidden one', async () => {
    const [exam] = await database.db
      .select()
      .from(exams)
      .where(and(eq(exams.hasImage, false), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`))
      .limit(1);
    const inst = buildInstance({ accessionNumber: exam!.accessionNumber! });
    expect(await sut.ingestFile(temp(inst.bytes), { source: 'CT1' })).toMatchObject({
      status: 'stored',
      examId: exam!.id,
    });
    const [first] = await database.db
      .select()
      .from(dicomInstances)
      .where(eq(dicomInstances.sopInstanceUid, inst.sopUid));
    // The DICOM delete: hidden, the study unlinked (ColdArchiveRepository.softDeleteExamImages).
    await database.db.transaction((tx) => ColdArchiveRepository.softDeleteExamImages(tx, exam!.id, new Date()));
    sut.forgetSeries();
    const again = await sut.ingestFile(temp(inst.bytes), { source: 'CT1' });
    expect(again).toMatchObject({ status: 'stored', examId: exam!.id });
    const rows = await database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, inst.sopUid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deletedAt).toBeNull();
    expect(rows[0]!.storageKey).not.toBe(first!.storageKey);
    expect(fs.existsSync(path.join(dataDir, 'files', first!.storageKey))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'files', rows[0]!.storageKey))).toBe(true);
    // A third copy is a plain duplicate.
    expect(await sut.ingestFile(temp(inst.bytes), { source: 'CT1' })).toMatchObject({ status: 'duplicate' });
  });

  it('links by StudyInstanceUID when the accession matches nothing, and keeps unmatched studies', async () => {
    const [exam] = await database.db
      .select()
      .from(exams)
      .where(and(eq(exams.hasImage, false), isNull(exams.deletedAt), sql`${exams.studyInstanceUid} is not null`))
      .limit(1);
    const r = await sut.ingestFile(
      temp(buildInstance({ studyUid: exam!.studyInstanceUid!, accessionNumber: 'NO-SUCH-ACC' }).bytes),
      { source: 'MR1' },
    );
    expect(r).toMatchObject({ status: 'stored', examId: exam!.id });
    const lost = buildInstance({ accessionNumber: 'NO-SUCH-ACC-2' });
    expect(await sut.ingestFile(temp(lost.bytes), { source: 'MR1' })).toMatchObject({ status: 'stored', examId: null });
    const [kept] = await database.db
      .select()
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, lost.studyUid));
    expect(kept).toMatchObject({ examId: null, numberOfInstances: 1 });
  });

  it('forces the link for a web import, but never takes a study from another exam', async () => {
    const [a, b] = await database.db
      .select()
      .from(exams)
      .where(and(eq(exams.hasImage, false), isNull(exams.deletedAt), ne(exams.status, 'Completed')))
      .limit(2);
    const first = buildInstance({ accessionNumber: 'WHATEVER' });
    const r = await sut.ingestFile(temp(first.bytes), {
      source: 'WEB-IMPORT',
      userId: null,
      userName: 'staff',
      examId: a!.id,
    });
    expect(r).toMatchObject({ status: 'stored', examId: a!.id });
    const second = buildInstance({ studyUid: first.studyUid });
    const refused = await sut.ingestFile(temp(second.bytes), { source: 'WEB-IMPORT', examId: b!.id });
    expect(refused).toMatchObject({ status: 'refused', code: 'error' });
    const missingExam = await sut.ingestFile(temp(buildInstance().bytes), {
      source: 'WEB-IMPORT',
      examId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missingExam).toMatchObject({ status: 'refused', code: 'error' });
  });

  it('answers refused (and removes the temp file) when storage fails, leaving no row', async () => {
    const diskFull = () => Promise.reject(new Error('disk full'));
    const broken = new LocalDicomArchive(
      database.db,
      {
        put: diskFull,
        adopt: diskFull,
        putBytes: diskFull,
        remove: async () => undefined,
        open: () => Promise.reject(new Error('x')),
        exists: async () => false,
      },
      createExamState(database.db),
    );
    const { bytes, sopUid } = buildInstance();
    const tempPath = temp(bytes);
    expect(await broken.ingestFile(tempPath, { source: 'X' })).toMatchObject({ status: 'refused', code: 'error' });
    expect(fs.existsSync(tempPath)).toBe(false);
    expect(await broken.ingestBytes(bytes, { source: 'X' }, { sha256: 'x' })).toMatchObject({
      status: 'refused',
      code: 'error',
    });
    expect(await database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, sopUid))).toEqual(
      [],
    );
  });

  describe('file flushed while the row goes in (IN9)', () => {
    it('indexes the row under the file name as its id and acknowledges once both are done', async () => {
      const { bytes, sopUid } = buildInstance();
      expect(await sut.ingestBytes(bytes, { source: 'X' })).toMatchObject({ status: 'stored' });
      const [row] = await database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, sopUid));
      expect(row!.storageKey.endsWith(`/${row!.id}`)).toBe(true);
      // Hashed on the writer's thread: the row's hash is the bytes' own.
      expect(row!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    });

    it('takes the row back and answers refused when the file cannot be flushed after it was written', async () => {
      const files = openStore(path.join(dataDir, 'files'));
      const flushFails: FileStore = Object.assign(Object.create(files) as LocalFileStore, {
        putBytesStaged(bytes: Buffer, opts: { prefix: string; sha256?: string }) {
          const staged = files.putBytesStaged(bytes, opts);
          const durable = staged.durable.then(() => {
            throw Object.assign(new Error('EIO'), { code: 'EIO' });
          });
          durable.catch(() => undefined);
          return { written: staged.written, durable };
        },
      });
      const flaky = new LocalDicomArchive(database.db, flushFails, createExamState(database.db));
      // The first image of a series takes the full transaction, the next ones the one-statement path: both are undone.
      const first = buildInstance();
      const second = buildInstance({ studyUid: first.studyUid, seriesUid: first.seriesUid });
      expect(await sut.ingestBytes(first.bytes, { source: 'X' })).toMatchObject({ status: 'stored' });
      const third = buildInstance();
      for (const inst of [second, third]) {
        expect(await flaky.ingestBytes(inst.bytes, { source: 'X' })).toMatchObject({
          status: 'refused',
          code: 'error',
        });
        expect(
          await database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, inst.sopUid)),
        ).toEqual([]);
      }
      await flaky.flushCounts();
      const [series] = await database.db
        .select()
        .from(dicomSeries)
        .where(eq(dicomSeries.seriesInstanceUid, first.seriesUid));
      expect(series!.numberOfInstances).toBe(1);
      // Sent again to a healthy archive, it is stored (not answered as a duplicate of a row that went).
      expect(await sut.ingestBytes(second.bytes, { source: 'X' })).toMatchObject({ status: 'stored' });
    });

    it('after a crash: keeps files the index refers to whole, removes a short one with its row and a file with no row', async () => {
      const root = path.join(dataDir, 'crash');
      const files = openStore(path.join(root, 'files'));
      const before = new LocalDicomArchive(database.db, files, createExamState(database.db));
      const whole = buildInstance();
      const cut = buildInstance();
      const old = buildInstance();
      expect(await before.ingestBytes(whole.bytes, { source: 'X' })).toMatchObject({ status: 'stored' });
      expect(await before.ingestBytes(cut.bytes, { source: 'X' })).toMatchObject({ status: 'stored' });
      expect(await before.ingestBytes(old.bytes, { source: 'X' })).toMatchObject({ status: 'stored' });
      const rowOf = async (sop: string) =>
        (await database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, sop)))[0];
      const [w, c, o] = [await rowOf(whole.sopUid), await rowOf(cut.sopUid), await rowOf(old.sopUid)];
      // A row made before rows took their file's name as id is found by its storage key.
      await database.db.update(dicomInstances).set({ id: randomUUID() }).where(eq(dicomInstances.id, o!.id));
      const fileOf = (key: string) => path.join(root, 'files', key);
      // A power loss before the flush: the file the row points at is short.
      fs.truncateSync(fileOf(c!.storageKey), 10);
      // Flushed, but its row never committed.
      const orphan = path.join(path.dirname(fileOf(w!.storageKey)), randomUUID());
      fs.writeFileSync(orphan, 'never acknowledged');
      // The crashed process's list names them all (as its writer listed them before use).
      const state = path.join(root, 'files', '.tmp', 'durable');
      fs.writeFileSync(
        path.join(state, `spares-${2 ** 22 + 3}-1.list`),
        [w!.storageKey, c!.storageKey, o!.storageKey].map(fileOf).concat(orphan).join('\n') + '\n',
      );

      const after = new LocalDicomArchive(
        database.db,
        openStore(path.join(root, 'files')),
        createExamState(database.db),
      );
      expect(await after.settleCrashLeftovers()).toEqual({ checked: 4, rowsRemoved: 1, filesRemoved: 2 });
      expect(fs.existsSync(fileOf(w!.storageKey))).toBe(true);
      expect(fs.existsSync(fileOf(o!.storageKey))).toBe(true);
      expect(fs.existsSync(fileOf(c!.storageKey))).toBe(false);
      expect(fs.existsSync(orphan)).toBe(false);
      expect(await rowOf(cut.sopUid)).toBeUndefined();
      expect(await rowOf(whole.sopUid)).toBeDefined();
      expect(await rowOf(old.sopUid)).toBeDefined();
      // Settled: the next start has nothing to check; the instance that went is taken again when resent.
      expect(await after.settleCrashLeftovers()).toEqual({ checked: 0, rowsRemoved: 0, filesRemoved: 0 });
      expect(await after.ingestBytes(cut.bytes, { source: 'X' })).toMatchObject({ status: 'stored' });
      await files.close();
    });
  });
});
