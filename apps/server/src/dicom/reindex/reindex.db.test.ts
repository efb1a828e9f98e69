import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { dicomInstances, dicomStudies, examEvents, exams } from '../../db/schema/index';
import { LocalFileStore } from '../../storage/local-file-store';
import { openTestDatabase } from '../../test/test-app';
import { encodeTis620 } from '../parse/charset';
import { buildInstance, writeTemp } from '../testing/build-dicom';
import { LocalDicomArchive } from '../archive/local-archive';
import { reindexDicom } from './reindex';
import { reconcileStudies, studyWithId } from '../identity/study-identity.repository';
import { createExamState } from '../../modules/exams/exam-state';

describe(reindexDicom.name, () => {
  let database: DatabaseHandle;
  let dataDir: string;
  let archive: LocalDicomArchive;
  let store: LocalFileStore;
  const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(dicomInstances))[0]!.n;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-reindex-'));
    store = new LocalFileStore(path.join(dataDir, 'files'));
    archive = new LocalDicomArchive(database.db, store, createExamState(database.db));
  });
  afterAll(async () => {
    await archive.close();
    await store.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('indexes a file that reached storage without its row (a crash in between), and only that one', async () => {
    const [exam] = await database.db
      .select()
      .from(exams)
      .where(and(eq(exams.hasImage, false), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`))
      .limit(1);
    for (let i = 0; i < 3; i++)
      expect((await archive.ingestFile(writeTemp(buildInstance().bytes, dataDir), { source: 'CT1' })).status).toBe(
        'stored',
      );
    // The crash: the file is durable, the transaction never ran.
    const orphan = buildInstance({ accessionNumber: exam!.accessionNumber! });
    await store.put(fs.createReadStream(writeTemp(orphan.bytes, dataDir)), { prefix: 'dicom' });
    expect(await count()).toBe(3);
    const report = await reindexDicom(database.db, createExamState(database.db), path.join(dataDir, 'files'));
    expect(report).toMatchObject({ files: 4, present: 3, indexed: 1, unreadable: 0, missingFiles: 0 });
    expect(await count()).toBe(4);
    const [study] = await database.db
      .select()
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, orphan.studyUid));
    expect(study!.examId).toBe(exam!.id);
    expect((await reindexDicom(database.db, createExamState(database.db), path.join(dataDir, 'files'))).indexed).toBe(
      0,
    );
  });

  it('rebuilds the whole index from the files, keeping exam links and the exam log as they were', async () => {
    const [exam] = await database.db
      .select()
      .from(exams)
      .where(and(eq(exams.hasImage, false), isNull(exams.deletedAt)))
      .limit(1);
    const forced = buildInstance({ accessionNumber: 'NOT-THE-EXAMS' });
    expect(
      await archive.ingestFile(writeTemp(forced.bytes, dataDir), { source: 'WEB-IMPORT', examId: exam!.id }),
    ).toMatchObject({ status: 'stored', examId: exam!.id });
    const before = await count();
    const events = (await database.db.select().from(examEvents).where(eq(examEvents.examId, exam!.id))).length;
    fs.writeFileSync(path.join(dataDir, 'files', 'dicom', 'garbage'), 'not dicom');
    const report = await reindexDicom(database.db, createExamState(database.db), path.join(dataDir, 'files'), {
      rebuild: true,
    });
    expect(report).toMatchObject({ indexed: before, present: 0, unreadable: 1 });
    expect(await count()).toBe(before);
    const [study] = await database.db
      .select()
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, forced.studyUid));
    expect(study!.examId).toBe(exam!.id);
    expect((await database.db.select().from(examEvents).where(eq(examEvents.examId, exam!.id))).length).toBe(events);
  });

  it('a rebuild keeps a reconciled study answering with its exam’s HN and accession, the file’s values as the original (IO30)', async () => {
    const [exam] = await database.db
      .select()
      .from(exams)
      .where(and(eq(exams.hasImage, false), isNull(exams.deletedAt)))
      .limit(1);
    const sent = buildInstance({ patientId: 'MODALITY-ID', accessionNumber: 'MODALITY-ACC' });
    expect(
      await archive.ingestFile(writeTemp(sent.bytes, dataDir), { source: 'WEB-IMPORT', examId: exam!.id }),
    ).toMatchObject({ status: 'stored', examId: exam!.id });
    const studyOf = async () =>
      (await database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, sent.studyUid)))[0]!;
    const before = await studyOf();
    await database.db.transaction((tx) => reconcileStudies(tx, studyWithId(before.id), new Date()));
    const reconciled = await studyOf();
    expect(reconciled.accessionNumber).toBe(exam!.accessionNumber);
    expect(reconciled.patientId).not.toBe('MODALITY-ID');

    await reindexDicom(database.db, createExamState(database.db), path.join(dataDir, 'files'), { rebuild: true });
    const rebuilt = await studyOf();
    expect(rebuilt.id).not.toBe(before.id);
    expect(rebuilt.patientId).toBe(reconciled.patientId);
    expect(rebuilt.accessionNumber).toBe(exam!.accessionNumber);
    expect(rebuilt.reconciledIdentity).toEqual(reconciled.reconciledIdentity);
    expect(rebuilt.originalIdentity).toMatchObject({ PatientID: 'MODALITY-ID', AccessionNumber: 'MODALITY-ACC' });
  });

  it('reads names of files that declare no character set with DICOM_ASSUMED_CHARACTER_SET (IO20)', async () => {
    const orphan = buildInstance({ patientName: encodeTis620('เทพ^สมชาย') });
    await store.put(fs.createReadStream(writeTemp(orphan.bytes, dataDir)), { prefix: 'dicom' });
    await reindexDicom(database.db, createExamState(database.db), path.join(dataDir, 'files'), {
      assumedCharacterSet: 'ISO_IR 166',
    });
    const [study] = await database.db
      .select({ name: dicomStudies.patientName })
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, orphan.studyUid));
    expect(study!.name).toBe('เทพ^สมชาย');
  });
});
