import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hospitalPrivileges, hospitals, lookups, patients, products, requests, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Spec §2 research project dialog, §3 Request form / draft (decision WS31); §7 delete (decision WS33). */
describe('a request’s research project and subject, and a deleted request opened again', () => {
  let sut: TestContext;
  let cookie: string;
  let base: Record<string, unknown>;
  /** The same order for a patient of another hospital (H3), out of the hospital user's scope. */
  let otherHospital: Record<string, unknown>;
  let projectId: number;
  const post = (url: string, payload: object, as = cookie) =>
    sut.app.inject({ method: 'POST', url, headers: { cookie: as }, payload });
  const get = (url: string, as = cookie) => sut.app.inject({ url, headers: { cookie: as } });
  const requestCount = async () =>
    (await sut.database.db.select({ n: sql<number>`count(*)::int` }).from(requests))[0]!.n;

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('staff');
    const db = sut.database.db;
    const order = async (code: string) => {
      const [h] = await db.select().from(hospitals).where(eq(hospitals.code, code));
      const [p] = await db.select().from(patients).where(eq(patients.hospitalId, h!.id)).limit(1);
      const [priv] = await db
        .select()
        .from(hospitalPrivileges)
        .where(eq(hospitalPrivileges.hospitalId, h!.id))
        .limit(1);
      return { patientId: p!.id, hospitalId: h!.id, privilageId: priv!.id };
    };
    const us = (await db.select().from(products)).find((x) => x.modalityCode === 'US' && x.productGroup === 'ตรวจ')!;
    const [project] = await db.select().from(lookups).where(eq(lookups.kind, 'researchProject')).limit(1);
    projectId = project!.id;
    const exam = { modalities: { US: [us.id] }, examStartTime: '09:00' };
    base = { ...(await order('H1')), ...exam };
    otherHospital = { ...(await order('H3')), ...exam };
  });
  afterAll(async () => {
    await sut.close();
  });

  it('an existing project with subject id, name and VN is saved trimmed, read back, and changed by an edit', async () => {
    const made = await post('/api/request/exam', {
      ...base,
      researchProjectId: projectId,
      researchProjectSubjectId: '  SUBJ-007 ',
      researchProjectSubjectName: ' สมชาย ใจดี ',
      researchProjectVN: ' VN690001/12 ',
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().data.requestId as string;
    const read = (await get(`/api/request/${id}`)).json().data;
    expect(read).toMatchObject({
      researchProjectId: projectId,
      researchProjectSubjectId: 'SUBJ-007',
      researchProjectSubjectName: 'สมชาย ใจดี',
      researchProjectVN: 'VN690001/12',
    });
    // Cleared in the dialog: no project and blank subject fields store nothing.
    const edited = await post(`/api/request/edit/${id}`, {
      ...base,
      version: read.version,
      researchProjectId: null,
      researchProjectSubjectId: '',
      researchProjectSubjectName: '   ',
      researchProjectVN: '',
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(`/api/request/${id}`)).json().data).toMatchObject({
      researchProjectId: null,
      researchProjectSubjectId: null,
      researchProjectSubjectName: null,
      researchProjectVN: null,
    });
  });

  it('a project typed by name is added to the research projects and offered next time', async () => {
    const name = `โครงการทดสอบ ${Date.now()}`;
    const made = await post('/api/request/exam', {
      ...base,
      researchProjectId_add: name,
      researchProjectSubjectId: 'S-1',
    });
    expect(made.statusCode).toBe(200);
    const read = (await get(`/api/request/${made.json().data.requestId}`)).json().data;
    const offered = (await get('/api/uidata/requestCondition')).json().data.researchProjects as {
      id: number;
      name: string;
    }[];
    expect(offered.find((p) => p.name === name)?.id).toBe(read.researchProjectId);
    expect(read.researchProjectSubjectId).toBe('S-1');
  });

  it.each([
    [{ researchProjectVN: 'VN 123' }, 'researchProjectVN', 'VN ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ - / .'],
    [{ researchProjectVN: 'V'.repeat(21) }, 'researchProjectVN', 'VN ยาวเกิน 20 ตัวอักษร'],
    [{ researchProjectSubjectId: 'x'.repeat(51) }, 'researchProjectSubjectId', 'ยาวเกิน 50 ตัวอักษร'],
    [{ researchProjectSubjectName: 'ก'.repeat(201) }, 'researchProjectSubjectName', 'ยาวเกิน 200 ตัวอักษร'],
  ])('bad research input %j is a 400 under its field and saves nothing', async (over, field, message) => {
    const before = await requestCount();
    const res = await post('/api/request/exam', { ...base, researchProjectId: projectId, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await requestCount()).toBe(before);
  });

  it('subject data without a project is refused with a 400 that asks for the project, in Thai and English', async () => {
    const before = await requestCount();
    const th = await post('/api/request/exam', { ...base, researchProjectSubjectName: 'สมชาย' });
    expect(th.statusCode).toBe(400);
    expect(th.json().errors).toContainEqual({
      field: 'researchProjectId',
      message: 'กรุณาเลือกโครงการวิจัยก่อนระบุข้อมูลผู้เข้าร่วมวิจัย',
    });
    const en = await sut.app.inject({
      method: 'POST',
      url: '/api/request/exam',
      headers: { cookie, 'accept-language': 'en' },
      payload: { ...base, researchProjectVN: 'VN1' },
    });
    expect(en.json().message).toBe('Choose the research project before the research subject');
    expect(await requestCount()).toBe(before);
  });

  it('a deleted request opened again answers 404 saying when, by whom and why it was deleted', async () => {
    const admin = await sut.login('admin');
    const id = (await post('/api/request/exam', otherHospital, admin)).json().data.requestId as string;
    const remark = 'ผู้ป่วยยกเลิกนัด: ย้ายโรงพยาบาล';
    expect((await post(`/api/request/${id}/delete`, { remark }, admin)).statusCode).toBe(200);
    const [row] = await sut.database.db
      .select({ at: requests.deletedAt, by: users.displayName })
      .from(requests)
      .innerJoin(users, eq(users.id, requests.deletedBy))
      .where(eq(requests.id, id));
    const at = new Date(row!.at!.getTime() + 7 * 3_600_000).toISOString();
    const when = `${at.slice(8, 10)}-${at.slice(5, 7)}-${at.slice(0, 4)} ${at.slice(11, 16)}`;
    const gone = await get(`/api/request/${id}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      success: false,
      message: `ใบส่งตรวจนี้ถูกลบแล้ว เมื่อ ${when} โดย ${row!.by} เหตุผล: ${remark}`,
    });
    // A user of another hospital learns nothing about it: the same 404 as for no request at all.
    const other = await get(`/api/request/${id}`, await sut.login('hospital'));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('ไม่พบใบส่งตรวจ');
  });
});
