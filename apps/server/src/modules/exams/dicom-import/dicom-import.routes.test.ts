import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { dicomInstances, dicomStudies, examEvents, exams, users } from '../../../db/schema/index';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { buildInstance } from '../../../dicom/testing/build-dicom';
import { buildDeflateBomb } from '../../../dicom/testing/deflated';

function formData(files: { name: string; bytes: Buffer }[], boundary = 'form-boundary-5678') {
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function zipOf(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.bytes, e.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('POST /api/exam/{id}/dicom/import', () => {
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  const cookies: Record<string, string> = {};
  const upload = async (username: string, examId: string, files: { name: string; bytes: Buffer }[]) => {
    const { payload, contentType } = formData(files);
    return sut.app.inject({
      method: 'POST',
      url: `/api/exam/${examId}/dicom/import`,
      payload,
      headers: { cookie: (cookies[username] ??= await sut.login(username)), 'content-type': contentType },
    });
  };

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
  });
  afterAll(async () => {
    await sut.close();
  });

  it('stores DICOM files and a zip of them for the exam, whatever their accession, and reports what it refused', async () => {
    const study = buildInstance({ accessionNumber: 'FROM-A-CD' });
    const sameStudy = (n: number) =>
      buildInstance({
        studyUid: study.studyUid,
        seriesUid: study.seriesUid,
        instanceNumber: n,
        accessionNumber: 'FROM-A-CD',
      }).bytes;
    const zip = await zipOf([
      { name: 'CD/IMAGES/IM2', bytes: sameStudy(2) },
      { name: 'CD/IMAGES/IM3', bytes: sameStudy(3) },
      { name: 'CD/DICOMDIR', bytes: buildInstance({ sopClassUid: '1.2.840.10008.1.3.10' }).bytes },
      { name: 'CD/README.TXT', bytes: Buffer.from('Burned by a modality') },
    ]);
    const res = await upload('staff', exam.id, [
      { name: 'IM1.dcm', bytes: study.bytes },
      { name: 'cd.zip', bytes: zip },
      { name: 'IM1-again.dcm', bytes: study.bytes },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      stored: 3,
      duplicate: 1,
      skipped: 1,
      failed: [{ fileName: 'cd.zip/CD/README.TXT', reason: expect.any(String) }],
    });
    expect(data.exam).toMatchObject({ examId: exam.id, hasImage: true, status: 'Arrived' });
    const [row] = await sut.database.db
      .select()
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, study.studyUid));
    expect(row).toMatchObject({ examId: exam.id, numberOfInstances: 3 });
    const log = await sut.database.db.select().from(examEvents).where(eq(examEvents.examId, exam.id));
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['imagesReceived', 'dicomImported']));
    const series = await sut.app.inject({ url: `/api/exam/${exam.id}/series`, headers: { cookie: cookies.staff! } });
    expect(series.json().data.length).toBe(1);
  });

  it('refuses a study that already belongs to another exam, and an upload with nothing importable', async () => {
    const [other] = await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.branchId, exam.branchId),
          isNull(exams.deletedAt),
          ne(exams.id, exam.id),
          eq(exams.hasImage, false),
        ),
      )
      .limit(1);
    const [row] = await sut.database.db.select().from(dicomStudies).where(eq(dicomStudies.examId, exam.id));
    const intruder = buildInstance({ studyUid: row!.studyInstanceUid });
    const res = await upload('staff', other!.id, [{ name: 'x.dcm', bytes: intruder.bytes }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.failed).toEqual([{ fileName: 'x.dcm', reason: 'ภาพชุดนี้เป็นของรายการตรวจอื่นแล้ว' }]);
    const junk = await upload('staff', other!.id, [
      { name: 'photo.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
    ]);
    expect(junk.statusCode).toBe(400);
    const corruptZip = await upload('staff', other!.id, [
      { name: 'bad.zip', bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]) },
    ]);
    expect(corruptZip.statusCode).toBe(400);
    expect(corruptZip.json().data.failed[0].fileName).toBe('bad.zip');
  });

  it('refuses a deflate bomb (500 MiB of zeros in half a MiB) as too large, storing nothing of it', async () => {
    const bomb = buildDeflateBomb({ rows: 512, columns: 1024, frames: 1000 });
    const res = await upload('staff', exam.id, [{ name: 'bomb.dcm', bytes: bomb.bytes }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.failed).toEqual([{ fileName: 'bomb.dcm', reason: 'ไฟล์ใหญ่เกินกำหนด' }]);
    expect(
      await sut.database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, bomb.sopUid)),
    ).toEqual([]);
  });

  it('needs the upload right and the exam in scope', async () => {
    const file = [{ name: 'a.dcm', bytes: buildInstance().bytes }];
    expect((await upload('doctor1', exam.id, file)).statusCode).toBe(403);
    const [far] = await sut.database.db
      .select()
      .from(exams)
      .where(and(sql`${exams.branchId} <> ${exam.branchId}`, isNull(exams.deletedAt)))
      .limit(1);
    expect((await upload('staff', far!.id, file)).statusCode).toBe(404);
    const noFiles = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${exam.id}/dicom/import`,
      payload: {},
      headers: { cookie: cookies.staff! },
    });
    expect(noFiles.statusCode).toBe(400);
    expect((await upload('staff', exam.id, [])).statusCode).toBe(400);
  });
});
