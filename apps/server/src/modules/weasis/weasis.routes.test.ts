import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { auditLog, dicomInstances, dicomSeries, dicomStudies, exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, writeTemp } from '../../dicom/testing/build-dicom';
import { encodeTis620 } from '../../dicom/parse/charset';
import { attributesAt, attributeValues, schemaErrors, xpathString } from './testing/xmllint';

const THAI_NAME = 'ศรีสุข^ปู่น้ำ';

describe('GET /weasis/{examId}: the Weasis manifest', () => {
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  let other: typeof exams.$inferSelect;
  const files = new Map<string, Buffer>();
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const token = async (examId: string, username = 'staff') =>
    (
      await sut.app.inject({
        method: 'POST',
        url: `/api/exam/${examId}/token`,
        headers: { cookie: await as(username) },
        payload: { purpose: 'weasis' },
      })
    ).json().data.token as string;
  const attr = (xml: string, element: string, attribute: string) =>
    xpathString(xml, `//*[local-name()='${element}']/@${attribute}`);

  beforeAll(async () => {
    sut = await createTestApp();
    const [staff] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    // Exams of the staff user's branch that doctor1 does not read (the out-of-scope check below).
    [exam, other] = (await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.branchId, staff!.branchId!),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          sql`${exams.accessionNumber} is not null`,
          or(isNull(exams.reviewerId), ne(exams.reviewerId, doctor1!.id)),
        ),
      )
      .limit(2)) as [typeof exams.$inferSelect, typeof exams.$inferSelect];
    // Two series of one study; the Thai name once in UTF-8, once in TIS-620, as modalities send them.
    const first = buildInstance({
      charset: 'ISO_IR 192',
      patientName: Buffer.from(THAI_NAME, 'utf8'),
      patientId: 'HN-5&<6>',
      modality: 'CT',
      seriesNumber: 1,
      instanceNumber: 2,
      accessionNumber: 'X',
    });
    const list = [
      first,
      buildInstance({
        studyUid: first.studyUid,
        seriesUid: first.seriesUid,
        charset: 'ISO_IR 166',
        patientName: encodeTis620(THAI_NAME),
        patientId: 'HN-5&<6>',
        modality: 'CT',
        seriesNumber: 1,
        instanceNumber: 1,
      }),
      buildInstance({
        studyUid: first.studyUid,
        charset: 'ISO_IR 192',
        patientName: Buffer.from(THAI_NAME, 'utf8'),
        patientId: 'HN-5&<6>',
        modality: 'SR',
        seriesNumber: 2,
        sopClassUid: '1.2.840.10008.5.1.4.1.1.88.22',
      }),
    ];
    for (const i of list) {
      const r = await sut.services.archive.ingestFile(writeTemp(i.bytes), { source: 'TEST', examId: exam.id });
      expect(r.status).toBe('stored');
      files.set(i.sopUid, i.bytes);
    }
  });
  afterAll(async () => {
    await sut.close();
  });

  it('lists the stored studies, series and instances of the exam, valid against Weasis 2.5 schema, Thai name intact', async () => {
    const t = await token(exam.id);
    const res = await sut.app.inject({
      url: `/weasis/${exam.id}?token=${t}`,
      headers: { host: 'rangsi.example:8080' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const xml = res.body;
    expect(await schemaErrors(xml)).toBeNull();
    expect(xml).toContain('xmlns="http://www.weasis.org/xsd/2.5"');

    const rows = await sut.database.db
      .select({
        study: dicomStudies.studyInstanceUid,
        series: dicomSeries.seriesInstanceUid,
        sop: dicomInstances.sopInstanceUid,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(eq(dicomStudies.examId, exam.id));
    expect(await attributeValues(xml, 'Study', 'StudyInstanceUID')).toEqual([...new Set(rows.map((r) => r.study))]);
    expect((await attributeValues(xml, 'Series', 'SeriesInstanceUID')).sort()).toEqual(
      [...new Set(rows.map((r) => r.series))].sort(),
    );
    expect((await attributeValues(xml, 'Instance', 'SOPInstanceUID')).sort()).toEqual(rows.map((r) => r.sop).sort());
    expect(await attr(xml, 'Patient', 'PatientName')).toBe(THAI_NAME);
    expect(await attr(xml, 'Patient', 'PatientID')).toBe('HN-5&<6>');
    // Instance order within a series follows InstanceNumber.
    expect(await attributeValues(xml, 'Instance', 'InstanceNumber')).toEqual(['1', '2', '1']);
    expect(await attr(xml, 'arcQuery', 'baseUrl')).toBe('http://rangsi.example:8080/dicomweb/wado');
    expect(await attr(xml, 'arcQuery', 'additionnalParameters')).toBe(`&token=${t}`);
    const [audit] = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam.weasisManifest'), eq(auditLog.entityId, exam.id)));
    expect(audit).toBeDefined();
  });

  it('each instance can be fetched exactly as Weasis builds the WADO-URI request, with the token and no cookie', async () => {
    const res = await sut.app.inject({ url: `/weasis/${exam.id}`, headers: { cookie: await as('staff') } });
    expect(res.statusCode).toBe(200);
    const xml = res.body;
    expect(await schemaErrors(xml)).toBeNull();
    // Opened with a session, the manifest carries a new exam token of its own: Weasis has no cookie.
    const extra = await attr(xml, 'arcQuery', 'additionnalParameters');
    expect(extra).toMatch(/^&token=[A-Za-z0-9_-]{20,}$/);
    const base = new URL(await attr(xml, 'arcQuery', 'baseUrl')).pathname;
    const study = await attr(xml, 'Study', 'StudyInstanceUID');
    const series = await attributeValues(xml, 'Series', 'SeriesInstanceUID');
    let fetched = 0;
    for (const seriesUid of series) {
      const sops = await attributesAt(
        xml,
        `//*[local-name()='Series'][@SeriesInstanceUID='${seriesUid}']/*[local-name()='Instance']`,
        'SOPInstanceUID',
      );
      for (const sop of sops) {
        const url = `${base}?requestType=WADO&studyUID=${study}&seriesUID=${seriesUid}&objectUID=${sop}&contentType=application%2Fdicom${extra}`;
        const wado = await sut.app.inject({ url });
        expect(wado.statusCode, url).toBe(200);
        expect(wado.rawPayload.equals(files.get(sop)!)).toBe(true);
        fetched += 1;
      }
    }
    expect(fetched).toBe(files.size);
  });

  it('an exam without images gets a manifest with a message, still valid', async () => {
    const res = await sut.app.inject({ url: `/weasis/${other.id}?token=${await token(other.id)}` });
    expect(res.statusCode).toBe(200);
    expect(await schemaErrors(res.body)).toBeNull();
    expect(await attr(res.body, 'Message', 'description')).toContain('ยังไม่มีภาพ');
    expect(await attributeValues(res.body, 'Patient', 'PatientID')).toEqual([]);
  });

  it("keeps the scope: another exam's token, no token, a user out of scope, no image right, bad ids", async () => {
    const theirs = await token(other.id);
    const res = await sut.app.inject({ url: `/weasis/${exam.id}?token=${theirs}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(THAI_NAME);
    expect(res.json()).toMatchObject({ success: false });
    expect((await sut.app.inject({ url: `/weasis/${exam.id}` })).statusCode).toBe(401);
    expect((await sut.app.inject({ url: `/weasis/${exam.id}?token=${'x'.repeat(43)}` })).statusCode).toBe(401);
    expect(
      (await sut.app.inject({ url: `/weasis/${exam.id}`, headers: { cookie: await as('doctor1') } })).statusCode,
    ).toBe(404);
    expect(
      (await sut.app.inject({ url: `/weasis/${exam.id}`, headers: { cookie: await as('link') } })).statusCode,
    ).toBe(403);
    for (const bad of ['nope', '..%2F..%2Fetc', `${exam.id}0`]) {
      expect(
        (await sut.app.inject({ url: `/weasis/${bad}`, headers: { cookie: await as('staff') } })).statusCode,
        bad,
      ).toBe(400);
    }
    const [deleted] = await sut.database.db
      .select()
      .from(exams)
      .where(and(ne(exams.id, exam.id), isNull(exams.deletedAt)))
      .limit(1);
    await sut.database.db.update(exams).set({ deletedAt: new Date() }).where(eq(exams.id, deleted!.id));
    expect(
      (await sut.app.inject({ url: `/weasis/${deleted!.id}`, headers: { cookie: await as('admin') } })).statusCode,
    ).toBe(404);
  });

  it('archived images: a manifest that says so instead of images the archive cannot serve', async () => {
    await sut.database.db.update(exams).set({ zipStatus: 'Archive' }).where(eq(exams.id, exam.id));
    try {
      const res = await sut.app.inject({ url: `/weasis/${exam.id}`, headers: { cookie: await as('staff') } });
      expect(res.statusCode).toBe(200);
      expect(await schemaErrors(res.body)).toBeNull();
      expect(await attr(res.body, 'Message', 'description')).toContain('Unzip');
      expect(await attributeValues(res.body, 'Instance', 'SOPInstanceUID')).toEqual([]);
    } finally {
      await sut.database.db.update(exams).set({ zipStatus: null }).where(eq(exams.id, exam.id));
    }
  });
});
