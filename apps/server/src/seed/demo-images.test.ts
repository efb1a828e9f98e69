import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexDicom } from '../dicom/reindex/reindex';
import { CORPUS_DIR, validCorpusFiles } from '../dicom/testing/corpus';
import { createTestApp, type TestContext } from '../test/test-app';
import { dicomInstances, dicomSeries, dicomStudies, exams, examEvents } from '../db/schema/index';
import {
  DEMO_IMAGES_RETIRED_DETAIL,
  DEMO_IMAGES_SOURCE,
  demoImagesState,
  markDemoImagesPending,
  planDemoImages,
  primeArrivingImages,
  seedDemoImages,
  startPendingDemoImages,
  type DemoImagesOptions,
  type DemoImagesReport,
} from './demo-images';
import { createExamState } from '../modules/exams/exam-state';

/** Small images: the demo's code path in a few seconds. */
const SMALL: Pick<DemoImagesOptions, 'limits' | 'sizes'> = {
  limits: { ctHead: 2, mrHead: 1, chest: 2, us: 1, mg: 1 },
  sizes: {
    bigCtExams: 1,
    bigCt: { slices: 100, size: 48 },
    ct: { slices: 4, size: 64 },
    mr: { size: 48, axialSlices: 2, sagittalSlices: 1 },
    radiograph: 128,
    mgColumns: 96,
    usCineExams: 1,
    usCineFrames: 2,
    small: { ctSlices: 2, ctSize: 48, mrSize: 48, mrSlices: 2, radiograph: 64, mgColumns: 64 },
  },
};

/** Statuses that say the images came (spec §4: an exam leaves Scheduled when its images arrive). */
const RECEIVED = ['Arrived', 'Assigned', 'Accepted', 'Rejected', 'Completed'];

describe('demo images', () => {
  let sut: TestContext;
  let tempDir: string;
  let report: DemoImagesReport;
  let planned: Awaited<ReturnType<typeof planDemoImages>>;
  let pending: { planned: number; retired: number };
  /** The worklist while the images are on their way: each exam's hasImage and imagesArriving as the API shows them. */
  let whileArriving: Map<string, { hasImage: boolean; imagesArriving?: boolean; status: string }>;
  const cookies: Record<string, string> = {};
  const get = async (username: string, url: string) =>
    sut.app.inject({ url, headers: { cookie: (cookies[username] ??= await sut.login(username)) } });

  beforeAll(async () => {
    sut = await createTestApp();
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-demo-images-'));
    // What the server does at a first start: mark pending before listening, then write the images in the background.
    pending = await markDemoImagesPending(sut.database.db);
    await primeArrivingImages(sut.database.db, sut.services.arrivingImages);
    whileArriving = await worklist('admin');
    planned = await planDemoImages(sut.database.db, SMALL);
    const started = Date.now();
    report = await seedDemoImages(sut.database.db, sut.services.archive, {
      ...SMALL,
      tempDir,
      corpusDir: CORPUS_DIR,
      arriving: sut.services.arrivingImages,
    });
    console.info(`demo images: ${planned.length} exams, ${report.instances} instances in ${Date.now() - started} ms`);
    await sut.services.thumbnails.flush();
  }, 240_000);

  /** Every exam of the worklist (all dates, every page) as a user sees it. */
  async function worklist(username: string, examFromDate = '2000-01-01') {
    const out = new Map<string, { hasImage: boolean; imagesArriving?: boolean; status: string }>();
    for (let page = 1; page < 100; page++) {
      const res = await sut.app.inject({
        method: 'POST',
        url: `/api/exam/search?page=${page}`,
        headers: { cookie: (cookies[username] ??= await sut.login(username)) },
        payload: { examFromDate, examToDate: '2100-01-01' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data.rows as {
        examId: string;
        hasImage: boolean;
        imagesArriving?: boolean;
        status: string;
      }[];
      for (const r of rows) out.set(r.examId, r);
      if (rows.length === 0 || out.size >= res.json().data.total) break;
    }
    return out;
  }

  /** Per exam: its status, hasImage, the instances linked to it, and whether its log says images came or went. */
  async function examFacts() {
    const rows = await sut.database.db
      .select({
        id: exams.id,
        status: exams.status,
        hasImage: exams.hasImage,
        zipStatus: exams.zipStatus,
        instances: sql<number>`(select count(*)::int from dicom_instances i join dicom_series r on r.id = i.series_id join dicom_studies s on s.id = r.study_id where s.exam_id = "exams"."id" and i.deleted_at is null)`,
        received: sql<boolean>`exists (select 1 from exam_events v where v.exam_id = "exams"."id" and v.action = 'imagesReceived')`,
        deletedAfter: sql<boolean>`exists (select 1 from exam_events d where d.exam_id = "exams"."id" and d.action = 'dicomDeleted' and d.at >= all (select r.at from exam_events r where r.exam_id = "exams"."id" and r.action = 'imagesReceived'))`,
      })
      .from(exams)
      .where(isNull(exams.deletedAt));
    return rows;
  }
  afterAll(async () => {
    await sut.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('every exam whose status or log says it has images has them, and every exam with images says so', async () => {
    const facts = await examFacts();
    expect(facts.length).toBeGreaterThan(100);
    for (const e of facts) {
      const says = (RECEIVED.includes(e.status) || e.received) && !e.deletedAfter;
      expect({ id: e.id, has: e.instances > 0 }, `${e.status} hasImage=${e.hasImage}`).toEqual({
        id: e.id,
        has: says,
      });
      expect(e.hasImage, e.id).toBe(e.instances > 0);
      // Archived means the images are in cold storage: none is archived without them.
      if (e.zipStatus === 'Archive') expect(e.instances, e.id).toBeGreaterThan(0);
    }
    // Open work has its images whatever its age: a reader can open every case on the list.
    for (const e of facts.filter((f) => ['Arrived', 'Assigned', 'Accepted', 'Rejected'].includes(f.status)))
      expect(e.instances, e.id).toBeGreaterThan(0);
    // Those the demo keeps none for say why, in the words of a DICOM delete.
    const retired = await sut.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(examEvents)
      .where(and(eq(examEvents.action, 'dicomDeleted'), eq(examEvents.detail, DEMO_IMAGES_RETIRED_DETAIL)));
    expect(retired[0]!.n).toBe(pending.retired);
  });

  it("a doctor's reading list is cases they can open", async () => {
    // The last week, wider than a doctor's default range (today and the 3 days before): every case opens.
    const since = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const recent = [...(await worklist('doctor1', since)).values()].filter((r) => r.status !== 'Scheduled');
    expect(recent.length).toBeGreaterThan(5);
    expect(recent.filter((r) => !r.hasImage)).toEqual([]);
    // Whatever its age, a case still to read (assigned, accepted) opens.
    const all = [...(await worklist('doctor1')).values()];
    const open = all.filter((r) => r.status === 'Assigned' || r.status === 'Accepted');
    expect(open.length).toBeGreaterThan(0);
    expect(open.filter((r) => !r.hasImage)).toEqual([]);
  });

  it('while the images are written, the worklist shows them arriving, never a viewer on nothing', () => {
    const arriving = [...whileArriving.entries()].filter(([, r]) => r.imagesArriving);
    expect(arriving.length).toBe(planned.length);
    for (const [id, r] of whileArriving) {
      // No row offers a viewer before its images exist; every row that says it has images is arriving.
      expect(r.hasImage, id).toBe(false);
      if (RECEIVED.includes(r.status) && planned.some((p) => p.examId === id)) expect(r.imagesArriving, id).toBe(true);
    }
    expect(sut.services.arrivingImages.size).toBe(0);
  });

  it('picks done exams of the window and all open ones, the newest first, full-size for the newest of each kind', async () => {
    expect(planned.length).toBeGreaterThanOrEqual(5);
    const rows = await sut.database.db
      .select()
      .from(exams)
      .where(
        inArray(
          exams.id,
          planned.map((p) => p.examId),
        ),
      );
    for (const e of rows) {
      expect(e.status).not.toBe('Scheduled');
      expect(e.zipStatus).not.toBe('Archive');
      const p = planned.find((x) => x.examId === e.id)!;
      expect(p.modality).toBe(e.modalityCode);
      if (p.kind === 'ctHead' || p.kind === 'mrHead') expect(e.bodyPart).toBe('HEAD');
      if (p.kind === 'chest') expect(e.bodyPart).toBe('CHEST');
    }
    expect(planned.filter((p) => p.kind === 'small').length).toBeGreaterThan(planned.length / 2);
    const dates = planned.map((p) => rows.find((r) => r.id === p.examId)!.examDate.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('stores every generated instance through the archive and links each study to its exam by accession', async () => {
    expect(report.aborted).toBe(false);
    expect(report.exams).toBe(planned.length);
    expect(report.refused).toBe(0);
    // Every generated instance is new; only corpus files repeat SOP Instance UIDs (one image in several syntaxes).
    expect(report.stored + report.duplicates).toBe(report.instances);
    expect(report.duplicates).toBeLessThanOrEqual(report.corpusFiles);
    const studies = await sut.database.db.select().from(dicomStudies).where(isNotNull(dicomStudies.examId));
    const byExam = new Map(studies.map((s) => [s.examId, s]));
    for (const p of planned) {
      const study = byExam.get(p.examId);
      expect(study, p.examId).toBeDefined();
      const [exam] = await sut.database.db.select().from(exams).where(eq(exams.id, p.examId));
      expect(study!.accessionNumber).toBe(exam!.accessionNumber);
      expect(study!.studyInstanceUid).toBe(exam!.studyInstanceUid);
      expect(study!.patientName).toContain(exam!.firstName);
      expect(exam!.hasImage).toBe(true);
      expect(study!.callingAeTitle).toBe(DEMO_IMAGES_SOURCE);
    }
    // The big head CT has its ≥ 100 thin slices.
    const ct = planned.find((p) => p.kind === 'ctHead');
    if (ct) {
      const [{ n }] = (await sut.database.db
        .select({ n: sql<number>`max(${dicomSeries.numberOfInstances})::int` })
        .from(dicomSeries)
        .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
        .where(eq(dicomStudies.examId, ct.examId))) as [{ n: number }];
      expect(n).toBeGreaterThanOrEqual(100);
    }
    const events = await sut.database.db
      .select()
      .from(examEvents)
      .where(
        and(
          inArray(
            examEvents.examId,
            planned.map((p) => p.examId),
          ),
          eq(examEvents.userName, DEMO_IMAGES_SOURCE),
        ),
      );
    expect(new Set(events.map((e) => e.examId)).size).toBe(planned.length);
  });

  it('adds the valid pydicom corpus files as studies that match no exam', async () => {
    // validCorpusFiles() throws, saying what to install, when the corpus is absent (the seed then adds none).
    expect(report.corpusFiles).toBe(validCorpusFiles().length);
    const [{ n }] = (await sut.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dicomStudies)
      .where(isNull(dicomStudies.examId))) as [{ n: number }];
    expect(n).toBeGreaterThan(5);
  });

  it('lists the series of an exam with thumbnails that show a picture', async () => {
    const sample = [
      ...planned.filter((p) => p.kind !== 'small'),
      ...planned.filter((p) => p.kind === 'small').slice(0, 12),
    ];
    for (const p of sample) {
      const res = await get('admin', `/api/exam/${p.examId}/series`);
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as { thumbnail: string | null; modality: string }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.thumbnail, p.modality).toBeTruthy();
        const png = await get('admin', row.thumbnail!);
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        const stats = await sharp(png.rawPayload).stats();
        // Not blank: some contrast in every channel.
        expect(stats.channels[0]!.stdev, `${p.modality} thumbnail`).toBeGreaterThan(8);
      }
    }
  });

  it('stores nothing twice when run again, and the index rebuilds from the files alone', async () => {
    const again = await seedDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: null });
    expect(again.stored).toBe(0);
    expect(again.duplicates).toBe(report.instances - report.corpusFiles);
    const [{ before }] = (await sut.database.db
      .select({ before: sql<number>`count(*)::int` })
      .from(dicomInstances)) as [{ before: number }];
    const rebuilt = await reindexDicom(
      sut.database.db,
      createExamState(sut.database.db),
      path.resolve(sut.config.DATA_DIR, 'files'),
      { rebuild: true },
    );
    expect(rebuilt.unreadable).toBe(0);
    expect(rebuilt.indexed).toBe(before);
    const linked = await sut.database.db
      .select({ examId: dicomStudies.examId })
      .from(dicomStudies)
      .where(
        inArray(
          dicomStudies.examId,
          planned.map((p) => p.examId),
        ),
      );
    expect(linked.length).toBe(planned.length);
  });

  it('runs in the background only while pending, then records it is done', async () => {
    expect(await demoImagesState(sut.database.db)).toBe('pending');
    const run = startPendingDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: null });
    const result = await run.done;
    expect(result?.aborted).toBe(false);
    expect(await demoImagesState(sut.database.db)).toBe('done');
    const idle = startPendingDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: null });
    expect(await idle.done).toBeNull();
  });

  it('stops between instances when asked and stays pending', async () => {
    await markDemoImagesPending(sut.database.db);
    const run = startPendingDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: null });
    await run.stop();
    expect(await demoImagesState(sut.database.db)).toBe('pending');
  });
});
