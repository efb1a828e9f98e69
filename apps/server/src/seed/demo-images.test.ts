import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexDicom } from '../dicom/reindex/reindex';
import { CORPUS_DIR, validCorpusFiles } from '../dicom/testing/corpus';
import { createTestApp, type TestContext } from '../test/test-app';
import { dicomInstances, dicomSeries, dicomStudies, exams, examEvents } from '../db/schema/index';
import {
  DEMO_IMAGES_SOURCE,
  demoImagesState,
  markDemoImagesPending,
  planDemoImages,
  seedDemoImages,
  startPendingDemoImages,
  type DemoImagesOptions,
  type DemoImagesReport,
} from './demo-images';
import { createExamState } from '../modules/exams/exam-state';

/** Small images and few exams: the demo's code path in a few seconds. */
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
  },
};

describe('demo images', () => {
  let sut: TestContext;
  let tempDir: string;
  let report: DemoImagesReport;
  let planned: Awaited<ReturnType<typeof planDemoImages>>;
  const cookies: Record<string, string> = {};
  const get = async (username: string, url: string) =>
    sut.app.inject({ url, headers: { cookie: (cookies[username] ??= await sut.login(username)) } });

  beforeAll(async () => {
    sut = await createTestApp();
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-demo-images-'));
    planned = await planDemoImages(sut.database.db, SMALL);
    report = await seedDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: CORPUS_DIR });
    await sut.services.thumbnails.flush();
  }, 120_000);
  afterAll(async () => {
    await sut.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('picks recent done exams of the modalities (and body parts) the generator draws, the newest first', async () => {
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
      expect(e.zipStatus).toBeNull();
      const p = planned.find((x) => x.examId === e.id)!;
      expect(p.modality).toBe(e.modalityCode);
      if (['CT', 'MR'].includes(e.modalityCode)) expect(e.bodyPart).toBe('HEAD');
      if (['CR', 'DX'].includes(e.modalityCode)) expect(e.bodyPart).toBe('CHEST');
    }
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
    const ct = planned.find((p) => p.modality === 'CT');
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

  it('clears hasImage where the seed claimed images that do not exist (archived exams keep theirs)', async () => {
    expect(report.clearedHasImage).toBeGreaterThan(0);
    const claimed = await sut.database.db
      .select({ id: exams.id, zip: exams.zipStatus })
      .from(exams)
      .where(and(eq(exams.hasImage, true), ne(exams.status, 'Scheduled')));
    const linked = new Set(
      (await sut.database.db.select({ examId: dicomStudies.examId }).from(dicomStudies)).map((s) => s.examId),
    );
    for (const e of claimed) expect(linked.has(e.id) || e.zip !== null, e.id).toBe(true);
  });

  it('lists the series of an exam with thumbnails that show a picture', async () => {
    for (const p of planned) {
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
    expect(await demoImagesState(sut.database.db)).toBeNull();
    const idle = startPendingDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: null });
    expect(await idle.done).toBeNull();
    await markDemoImagesPending(sut.database.db);
    const run = startPendingDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: null });
    const result = await run.done;
    expect(result?.aborted).toBe(false);
    expect(await demoImagesState(sut.database.db)).toBe('done');
  });

  it('stops between instances when asked and stays pending', async () => {
    await markDemoImagesPending(sut.database.db);
    const run = startPendingDemoImages(sut.database.db, sut.services.archive, { ...SMALL, tempDir, corpusDir: null });
    await run.stop();
    expect(await demoImagesState(sut.database.db)).toBe('pending');
  });
});
