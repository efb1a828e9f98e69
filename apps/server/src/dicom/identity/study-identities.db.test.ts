import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicomStudies, exams, patients } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { DicomwebRepository } from '../query/dicomweb.repository';
import { buildInstance, testUid } from '../testing/build-dicom';
import { StudyIdentities } from './study-identities';

describe(StudyIdentities.name, () => {
  let sut: StudyIdentities;
  let app: TestContext;
  let patientId: string;
  let examsOfPatient: (typeof exams.$inferSelect)[];
  const studies = [testUid(), testUid()];
  const receive = async (i: number, n: number) => {
    const exam = examsOfPatient[i]!;
    const b = buildInstance({
      studyUid: studies[i],
      seriesUid: undefined,
      instanceNumber: n,
      patientId: exam.hn,
      accessionNumber: exam.accessionNumber!,
      modality: exam.modalityCode ?? 'CT',
    });
    const r = await app.services.archive.ingestBytes(b.bytes, { source: 'CT_RS1' });
    expect(r.status).toBe('stored');
  };
  const studyRow = async (uid: string) =>
    (await app.database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, uid)))[0]!;

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.database.db;
    // A patient with two live exams (their other images, if any, are re-pointed too).
    const [row] = await db
      .select({ patientId: exams.patientId })
      .from(exams)
      .where(and(isNotNull(exams.patientId), isNull(exams.deletedAt), isNotNull(exams.accessionNumber)))
      .groupBy(exams.patientId)
      .having(sql`count(*) >= 2`)
      .limit(1);
    patientId = row!.patientId!;
    examsOfPatient = (
      await db
        .select()
        .from(exams)
        .where(and(eq(exams.patientId, patientId), isNull(exams.deletedAt), isNotNull(exams.accessionNumber)))
    ).slice(0, 2);
    await receive(0, 1);
    await receive(1, 1);
    sut = new StudyIdentities(db, () => new Date());
  });
  afterAll(async () => {
    await app.close();
  });

  it('re-points every study of the patient to the new HN while images keep arriving, none lost, none left behind', async () => {
    const db = app.database.db;
    const newHn = `HN-ID${Date.now() % 100_000}`;
    await db.update(patients).set({ hn: newHn }).where(eq(patients.id, patientId));
    // Ingest locks a study then its series; the reconciliation only studies, in id order: neither waits on the other.
    await Promise.all([
      ...[2, 3, 4, 5].flatMap((n) => [receive(0, n), receive(1, n)]),
      sut.patientChanged(patientId),
      sut.patientChanged(patientId),
    ]);
    await app.services.archive.flushCounts();
    const repo = new DicomwebRepository(db);
    for (const uid of studies) {
      const study = await studyRow(uid);
      expect(study.patientId).toBe(newHn);
      expect(study.numberOfInstances).toBe(5);
      // Instances that came after the reconciliation answer it too: the metadata takes the study's identity.
      const metadata = JSON.parse((await repo.metadataText({ study: uid }, sql`true`))!) as Record<
        string,
        { Value?: unknown[] }
      >[];
      expect(metadata.map((m) => m['00100020']?.Value?.[0])).toEqual(Array(5).fill(newHn));
    }
  });

  it('keeps what the study said before its first reconciliation through later ones', async () => {
    const before = await studyRow(studies[0]!);
    await app.database.db.update(patients).set({ hn: 'HN-ID-AGAIN' }).where(eq(patients.id, patientId));
    const done = await sut.patientChanged(patientId);
    expect(done.map((s) => s.studyInstanceUid)).toEqual(expect.arrayContaining(studies));
    const after = await studyRow(studies[0]!);
    expect(after.patientId).toBe('HN-ID-AGAIN');
    expect(after.originalIdentity).toEqual(before.originalIdentity);
    expect(after.originalIdentity).toMatchObject({
      PatientID: examsOfPatient[0]!.hn,
      AccessionNumber: examsOfPatient[0]!.accessionNumber,
    });
  });
});
