import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { dicomStudies, examEvents, exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, testUid, writeTemp } from '../../dicom/testing/build-dicom';

describe('unmatched studies: GET /api/dicom/unmatched, POST /api/dicom/unmatched/{studyId}/match', () => {
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  let otherBranchExam: typeof exams.$inferSelect;
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const list = async (username: string, query = '') =>
    sut.app.inject({ method: 'GET', url: `/api/dicom/unmatched${query}`, headers: { cookie: await as(username) } });
  const match = async (username: string, studyId: string, body: unknown) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/dicom/unmatched/${studyId}/match`,
      payload: body as object,
      headers: { cookie: await as(username) },
    });
  const receive = async (t: Parameters<typeof buildInstance>[0]) => {
    const r = await sut.services.archive.ingestFile(writeTemp(buildInstance(t).bytes), { source: 'CT_RS1' });
    if (r.status === 'refused') throw new Error(r.reason);
    return r;
  };
  const studyRow = async (uid: string) =>
    (await sut.database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, uid)))[0]!;

  beforeAll(async () => {
    sut = await createTestApp();
    const [staff] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    [exam] = (await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.branchId, staff!.branchId!),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          eq(exams.status, 'Scheduled'),
        ),
      )
      .limit(1)) as [typeof exams.$inferSelect];
    [otherBranchExam] = (await sut.database.db
      .select()
      .from(exams)
      .where(and(ne(exams.branchId, staff!.branchId!), isNull(exams.deletedAt)))
      .limit(1)) as [typeof exams.$inferSelect];
  });
  afterAll(async () => {
    await sut.close();
  });

  it('lists studies no exam claims, newest first, searchable by Thai name part, patient ID or accession', async () => {
    const uid = testUid();
    const name = Buffer.from('ทดสอบ^ภาพหลงทาง', 'utf8');
    await receive({
      studyUid: uid,
      accessionNumber: 'LOST-0001',
      patientId: 'HN-LOST-1',
      patientName: name,
      charset: 'ISO_IR 192',
      modality: 'CT',
    });
    await receive({
      studyUid: uid,
      accessionNumber: 'LOST-0001',
      patientId: 'HN-LOST-1',
      patientName: name,
      charset: 'ISO_IR 192',
      modality: 'CT',
    });
    const all = (await list('staff')).json();
    expect(all.success).toBe(true);
    expect(all.data.rows[0]).toMatchObject({
      studyInstanceUid: uid,
      patientName: 'ทดสอบ^ภาพหลงทาง',
      accessionNumber: 'LOST-0001',
      numberOfInstances: 2,
      modalities: 'CT',
      source: 'CT_RS1',
    });
    for (const q of ['หลงทาง', 'hn-lost', 'LOST-00']) {
      const found = (await list('staff', `?q=${encodeURIComponent(q)}`)).json().data;
      expect(
        found.rows.map((r: { studyInstanceUid: string }) => r.studyInstanceUid),
        q,
      ).toEqual([uid]);
      expect(found.total).toBe(1);
    }
    expect((await list('staff', '?q=%25')).json().data.rows).toEqual([]);
    const paged = (await list('admin', '?pageSize=1&page=1')).json().data;
    expect(paged).toMatchObject({ page: 1, pageSize: 1 });
    expect(paged.rows).toHaveLength(1);
  });

  it('matches a study to an exam: linked, exam has images and a new version, a log line; then it is no longer listed', async () => {
    const uid = testUid();
    await receive({ studyUid: uid, accessionNumber: 'WRONG-ACC', modality: 'CT' });
    const study = await studyRow(uid);
    const r = await match('staff', study.id, { examId: exam.id });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ examId: exam.id, hasImage: true });
    expect((await studyRow(uid)).examId).toBe(exam.id);
    const [after] = await sut.database.db.select().from(exams).where(eq(exams.id, exam.id));
    expect(after!.version).toBeGreaterThan(exam.version);
    const log = await sut.database.db
      .select()
      .from(examEvents)
      .where(and(eq(examEvents.examId, exam.id), eq(examEvents.action, 'imagesMatched')));
    expect(log).toHaveLength(1);
    const listed = (await list('staff', '?q=WRONG-ACC')).json().data.rows;
    expect(listed).toEqual([]);
    // Matched already: a second match (another user, another tab) is refused and changes nothing.
    const again = await match('admin', study.id, { examId: exam.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false });
  });

  it("refuses users who do not see unmatched studies, exams out of the user's scope, and bad input — changing nothing", async () => {
    const uid = testUid();
    await receive({ studyUid: uid, accessionNumber: 'NOBODY', modality: 'MR' });
    const study = await studyRow(uid);
    for (const user of ['hospital', 'doctor1', 'billing']) {
      expect((await list(user)).statusCode, user).toBe(403);
      expect((await match(user, study.id, { examId: exam.id })).statusCode, user).toBe(403);
    }
    expect((await match('staff', study.id, { examId: otherBranchExam.id })).statusCode).toBe(404);
    expect((await match('staff', study.id, { examId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await match('staff', 'not-a-uuid', { examId: exam.id })).statusCode).toBe(400);
    expect((await match('staff', study.id, {})).statusCode).toBe(400);
    expect((await match('staff', '00000000-0000-4000-8000-000000000000', { examId: exam.id })).statusCode).toBe(409);
    expect((await list('staff', '?pageSize=1000')).statusCode).toBe(400);
    expect((await studyRow(uid)).examId).toBeNull();
  });
});
