import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ne } from 'drizzle-orm';
import { auditLog, doctorClients, examEvents, exams } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { and, countOf, eq, findExam, isNotNull, isNull, sql, userId } from './exams.test-helpers';

describe('exam worklist API', () => {
  const clock = new Date();
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const post = async (username: string, url: string, payload?: unknown) =>
    sut.app.inject({
      method: 'POST',
      url,
      headers: { cookie: await as(username) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = async (username: string, url: string) => sut.app.inject({ url, headers: { cookie: await as(username) } });
  const wide = { examFromDate: '2000-01-01', examToDate: '2100-01-01' };

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await sut.close();
  });

  describe('search', () => {
    it('pages by 50, newest first, with the total; staff see only their branch', async () => {
      const res = await post('staff', '/api/exam/search?page=1', wide);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.pageSize).toBe(50);
      expect(data.rows.length).toBe(Math.min(50, data.total));
      const dates = data.rows.map((r: { examDate: string }) => r.examDate);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(new Set(data.rows.map((r: { branchName: string }) => r.branchName)).size).toBe(1);
      const n = await countOf(
        sut.database.db,
        sql`select count(*)::int as n from exams e join users u on u.branch_id = e.branch_id where u.username = 'staff' and e.deleted_at is null`,
      );
      expect(data.total).toBe(n);
      const page2 = (await post('staff', '/api/exam/search?page=2', wide)).json().data;
      expect(page2.rows[0]?.examId).not.toBe(data.rows[0].examId);
    });

    it('finds by exact accession, by HN and by a Thai name substring', async () => {
      const e = await findExam(sut.database.db, isNotNull(exams.accessionNumber), isNotNull(exams.lastName));
      const byAcc = (await post('admin', '/api/exam/search', { accessionNumber: e.accessionNumber })).json().data;
      expect(byAcc.rows.map((r: { examId: string }) => r.examId)).toEqual([e.id]);
      const byHn = (await post('admin', '/api/exam/search', { ...wide, hospitalNumber: e.hn })).json().data;
      expect(byHn.rows.every((r: { hn: string }) => r.hn === e.hn)).toBe(true);
      expect(byHn.total).toBeGreaterThan(0);
      const part = e.lastName!.slice(1, 4);
      const byName = (await post('admin', '/api/exam/search', { ...wide, patientName: part })).json().data;
      expect(byName.total).toBeGreaterThan(0);
      expect(
        byName.rows.every((r: { patientName: string }) => r.patientName.toLowerCase().includes(part.toLowerCase())),
      ).toBe(true);
    });

    it('limits the date window by Bangkok calendar days', async () => {
      const res = (
        await post('admin', '/api/exam/search', { examFromDate: '2001-01-01', examToDate: '2001-01-02' })
      ).json().data;
      expect(res).toMatchObject({ rows: [], total: 0 });
    });

    it('gives a Doctor only exams assigned to them, with client tabs sorted by open count', async () => {
      const doctor1 = await userId(sut.database.db, 'doctor1');
      const res = (await post('doctor1', '/api/exam/search', wide)).json().data;
      expect(res.total).toBeGreaterThan(0);
      expect(res.rows.every((r: { reviewerId: string }) => r.reviewerId === doctor1)).toBe(true);
      const counts = res.clients.map((c: { openCount: number }) => c.openCount);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      const clientsOfDoctor = await sut.database.db
        .select()
        .from(doctorClients)
        .where(eq(doctorClients.userId, doctor1));
      expect(clientsOfDoctor.length).toBe(2);
      const first = res.clients[0];
      const tab = (await post('doctor1', '/api/exam/search', { ...wide, clientId: first.clientId })).json().data;
      expect(tab.rows.every((r: { clientId: number }) => r.clientId === first.clientId)).toBe(true);
    });

    it('gives a Hospital user only their hospital', async () => {
      const res = (await post('hospital', '/api/exam/search', wide)).json().data;
      expect(res.total).toBeGreaterThan(0);
      expect(new Set(res.rows.map((r: { clientId: number }) => r.clientId)).size).toBe(1);
    });
  });

  describe('scope', () => {
    it("doctor2 never sees doctor1's exam: search, get and actions are 404", async () => {
      const doctor1 = await userId(sut.database.db, 'doctor1');
      const e = await findExam(sut.database.db, eq(exams.reviewerId, doctor1));
      expect((await get('doctor2', `/api/exam/${e.id}`)).statusCode).toBe(404);
      expect((await post('doctor2', `/api/exam/${e.id}/accept`, {})).statusCode).toBe(404);
      expect((await post('doctor2', `/api/exam/${e.id}/accept`)).statusCode).toBe(404);
      expect((await get('doctor2', `/api/exam/${e.id}/relate`)).statusCode).toBe(404);
      const found = (await post('doctor2', '/api/exam/search', { accessionNumber: e.accessionNumber ?? 'x' })).json()
        .data;
      expect(found.total).toBe(0);
      const body = (await get('doctor2', `/api/exam/${e.id}`)).body;
      expect(body).not.toContain(e.firstName);
    });

    it("branch staff read their own branch's duty doctor, not another branch's (decision sec71)", async () => {
      const branchOf = async (u: string) =>
        await countOf(sut.database.db, sql`select branch_id as n from users where username = ${u}`);
      const [rs1, rs2] = [await branchOf('staff'), await branchOf('staff2')];
      const own = await get('staff', `/api/uidata/branch/${rs1}/dutyDoctor`);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.doctorName).toBeTruthy();
      const foreign = await get('staff', `/api/uidata/branch/${rs2}/dutyDoctor`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().data ?? null).toBeNull();
      expect((await get('admin', `/api/uidata/branch/${rs2}/dutyDoctor`)).json().data.doctorName).toBeTruthy();
    });

    it('a user without EXAM_ASSIGN cannot assign (403) and nothing changes', async () => {
      const e = await findExam(sut.database.db, eq(exams.status, 'Arrived'));
      const res = await post('hospdoc', `/api/exam/${e.id}/assign`, { doctorId: null });
      expect(res.statusCode).toBe(403);
      const [after] = await sut.database.db.select().from(exams).where(eq(exams.id, e.id));
      expect(after!.version).toBe(e.version);
    });
  });

  describe('actions', () => {
    it('doctor1 accepts an exam assigned to them; the row, the log and the audit log show it', async () => {
      const doctor1 = await userId(sut.database.db, 'doctor1');
      const e = await findExam(sut.database.db, eq(exams.reviewerId, doctor1), eq(exams.status, 'Assigned'));
      const notReviewer = await post('admin', `/api/exam/${e.id}/accept`, {});
      expect(notReviewer.statusCode).toBe(403);
      expect(notReviewer.json().message).toMatch(/แพทย์ผู้ได้รับมอบหมาย/);
      const res = await post('doctor1', `/api/exam/${e.id}/accept`, {});
      expect(res.statusCode).toBe(200);
      const row = res.json().data;
      expect(row).toMatchObject({ examId: e.id, status: 'Accepted', version: e.version + 1 });
      expect(row.log).toMatch(/accepted/);
      const again = await post('doctor1', `/api/exam/${e.id}/accept`, {});
      expect(again.statusCode).toBe(409);
      const audit = await sut.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, e.id), eq(auditLog.action, 'exam.accepted')));
      expect(audit).toHaveLength(1);
    });

    it('doctor rejects an assigned exam; it stays with their name for the red display', async () => {
      const doctor1 = await userId(sut.database.db, 'doctor1');
      const e = await findExam(sut.database.db, eq(exams.reviewerId, doctor1), eq(exams.status, 'Assigned'));
      const row = (await post('doctor1', `/api/exam/${e.id}/reject`, { message: 'ไม่ใช่ความเชี่ยวชาญ' })).json().data;
      expect(row).toMatchObject({ status: 'Rejected', reviewerId: doctor1, latestMessage: 'ไม่ใช่ความเชี่ยวชาญ' });
      expect(row.reviewerName).toBeTruthy();
    });

    it('assigns with urgency ER: expected date two hours from now, reviewer and flags set', async () => {
      const e = await findExam(sut.database.db, eq(exams.status, 'Arrived'), isNotNull(exams.hospitalId));
      const doctors = (await get('admin', `/api/uidata/assignabledoctor/${e.id}`)).json().data;
      expect(doctors.length).toBeGreaterThan(0);
      const res = await post('admin', `/api/exam/${e.id}/assign`, {
        doctorId: doctors[0].doctorId,
        reportUrgency: 'ER',
        withInDay: 'x',
        withInHour: -4,
        withInMinute: null,
        isSpecific: true,
        message: 'ด่วน',
      });
      expect(res.statusCode).toBe(200);
      const row = res.json().data;
      expect(row).toMatchObject({
        status: 'Assigned',
        reviewerId: doctors[0].doctorId,
        specificReviewerId: doctors[0].doctorId,
        reportUrgency: 'ER',
        latestMessage: 'ด่วน',
      });
      expect(new Date(row.expectedDate).getTime() - clock.getTime()).toBe(2 * 3_600_000);
    });

    it('explicit day/hour/minute win over the preset', async () => {
      const e = await findExam(sut.database.db, eq(exams.status, 'Arrived'), isNotNull(exams.hospitalId));
      const doctors = (await get('admin', `/api/uidata/assignabledoctor/${e.id}`)).json().data;
      const row = (
        await post('admin', `/api/exam/${e.id}/assign`, {
          doctorId: doctors[0].doctorId,
          reportUrgency: 'OPD',
          withInDay: 1,
          withInHour: '2',
          withInMinute: 30,
        })
      ).json().data;
      expect(new Date(row.expectedDate).getTime() - clock.getTime()).toBe((24 * 60 + 150) * 60_000);
    });

    it("refuses a doctor who does not read for the exam's hospital", async () => {
      const doctor2 = await userId(sut.database.db, 'doctor2');
      const d2clients = (
        await sut.database.db.select().from(doctorClients).where(eq(doctorClients.userId, doctor2))
      ).map((c) => c.hospitalId);
      const e = await findExam(
        sut.database.db,
        eq(exams.status, 'Arrived'),
        isNotNull(exams.hospitalId),
        sql`${exams.hospitalId} not in (${sql.join(
          d2clients.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
      const res = await post('admin', `/api/exam/${e.id}/assign`, { doctorId: doctor2 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/แพทย์/);
    });

    it('DICOM and report approvals need WaitingForAudit', async () => {
      const waiting = await findExam(sut.database.db, eq(exams.dicomAuditStatus, 'WaitingForAudit'));
      const approved = (await post('admin', `/api/exam/${waiting.id}/dicom/approve`, { message: '' })).json().data;
      expect(approved.dicomAuditStatus).toBe('Approved');
      const again = await post('admin', `/api/exam/${waiting.id}/dicom/approve`, {});
      expect(again.statusCode).toBe(409);
      const rep = await findExam(sut.database.db, eq(exams.reportAuditStatus, 'WaitingForAudit'));
      const noMsg = await post('admin', `/api/exam/${rep.id}/report/reject`, { message: '   ' });
      expect(noMsg.statusCode).toBe(400);
      const rejected = (await post('admin', `/api/exam/${rep.id}/report/reject`, { message: 'แก้ impression' })).json()
        .data;
      expect(rejected).toMatchObject({ reportAuditStatus: 'Rejected', latestMessage: 'แก้ impression' });
    });

    it('deletes only an exam without an accession number; the row is kept, marked deleted', async () => {
      const withAcc = await findExam(sut.database.db, isNotNull(exams.accessionNumber));
      expect((await post('admin', `/api/exam/${withAcc.id}/delete`, {})).statusCode).toBe(409);
      const noAcc = await findExam(sut.database.db, isNull(exams.accessionNumber));
      expect((await post('staff', `/api/exam/${noAcc.id}/delete`, {})).statusCode).toBe(
        noAcc.branchId === withAcc.branchId ? 200 : 404,
      );
      const admin = await post('admin', `/api/exam/${noAcc.id}/delete`, {});
      expect([200, 404]).toContain(admin.statusCode);
      expect((await get('admin', `/api/exam/${noAcc.id}`)).statusCode).toBe(404);
      const [kept] = await sut.database.db.select().from(exams).where(eq(exams.id, noAcc.id));
      expect(kept!.deletedAt).not.toBeNull();
    });

    it('edits the exam information and reads it back', async () => {
      const e = await findExam(sut.database.db, ne(exams.status, 'Completed'));
      const res = await post('admin', `/api/exam/${e.id}/update`, {
        firstName: 'ทดสอบ',
        lastName: "O'Brien <b>",
        prefixName: 'นาย',
        birthDate: '1970-05-01',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.patientName).toBe("นายทดสอบ O'Brien <b>");
      const info = (await get('admin', `/api/exam/${e.id}/getUpdateInformation`)).json();
      expect(info).toMatchObject({ success: true, data: { firstName: 'ทดสอบ', birthDate: '1970-05-01' } });
      expect((await post('admin', `/api/exam/${e.id}/update`, { firstName: '  ' })).statusCode).toBe(400);
      expect(
        (await post('admin', `/api/exam/${e.id}/update`, { firstName: 'x', birthDate: '2999-01-01' })).statusCode,
      ).toBe(400);
    });

    it('unzips an archived exam that has nothing in cold storage at once (the restore job: dicom/cold tests)', async () => {
      const e = await findExam(sut.database.db, eq(exams.zipStatus, 'Archive'));
      const row = (await post('admin', `/api/exam/${e.id}/unzip`, {})).json().data;
      expect(row.zipStatus).toBe('Uploaded');
      expect(row.log).toMatch(/unzipped/);
    });
  });

  describe('concurrency: one wins, the other gets a conflict and the fresh row', () => {
    it('assign vs assign on the same version', async () => {
      const e = await findExam(sut.database.db, eq(exams.status, 'Arrived'), isNotNull(exams.hospitalId));
      const doctors = (await get('admin', `/api/uidata/assignabledoctor/${e.id}`)).json().data;
      expect(doctors.length).toBeGreaterThan(0);
      const assignedBefore = await sut.database.db
        .select()
        .from(examEvents)
        .where(and(eq(examEvents.examId, e.id), eq(examEvents.action, 'assigned')));
      // Two people: the same account signed in twice, on two sessions.
      const second = await sut.login('admin');
      const [a, b] = await Promise.all([
        post('admin', `/api/exam/${e.id}/assign`, { doctorId: doctors[0].doctorId, version: e.version }),
        sut.app.inject({
          method: 'POST',
          url: `/api/exam/${e.id}/assign`,
          headers: { cookie: second },
          payload: { doctorId: doctors.at(-1).doctorId, reportUrgency: 'OPD', version: e.version },
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      const winner = a.statusCode === 200 ? a : b;
      expect(loser.json().message).toMatch(/ผู้ใช้อื่น/);
      expect(loser.json().data).toMatchObject({ examId: e.id, version: winner.json().data.version });
      const events = await sut.database.db
        .select()
        .from(examEvents)
        .where(and(eq(examEvents.examId, e.id), eq(examEvents.action, 'assigned')));
      expect(events.length).toBe(assignedBefore.length + 1);
    });

    it('accept vs reassign race without versions: both checked against the row they read, no lost update', async () => {
      const doctor1 = await userId(sut.database.db, 'doctor1');
      const e = await findExam(sut.database.db, eq(exams.reviewerId, doctor1), eq(exams.status, 'Assigned'));
      const doctors = (await get('admin', `/api/uidata/assignabledoctor/${e.id}`)).json().data;
      const other = doctors.find((d: { doctorId: string }) => d.doctorId !== doctor1);
      const results = await Promise.all([
        post('doctor1', `/api/exam/${e.id}/accept`, {}),
        post('admin', `/api/exam/${e.id}/assign`, { doctorId: other?.doctorId ?? doctor1, version: e.version }),
      ]);
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of results) expect([200, 404, 409]).toContain(r.statusCode);
      const [final] = await sut.database.db.select().from(exams).where(eq(exams.id, e.id));
      // Versions count every write that landed: none was overwritten silently.
      expect(final!.version).toBe(e.version + ok.length);
    });
  });

  describe('bad input: a clear 4xx, nothing changed', () => {
    it.each([['0'], ['-1'], ['1000000000'], ['abc']])('page=%s is a 400', async (page) => {
      const res = await post('staff', `/api/exam/search?page=${page}`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    });

    it('dates out of order or malformed are a 400', async () => {
      expect(
        (await post('staff', '/api/exam/search', { examFromDate: '2026-11-20', examToDate: '2026-11-01' })).statusCode,
      ).toBe(400);
      expect((await post('staff', '/api/exam/search', { examFromDate: '20-11-2026' })).statusCode).toBe(400);
      expect((await post('staff', '/api/exam/search', { studyTimeFrom: '25:99:99:99' })).statusCode).toBe(400);
    });

    it('a 10 KB string is a 400', async () => {
      expect((await post('staff', '/api/exam/search', { patientName: 'ก'.repeat(10_000) })).statusCode).toBe(400);
    });

    it('Thai, SQL and HTML metacharacters in every search field are plain text', async () => {
      const evil = ["%' OR 1=1 --", '_%\\', '<script>alert(1)</script>', 'สมชาย"; DROP TABLE exams; --'];
      const fields = [
        'accessionNumber',
        'hospitalNumber',
        'patientName',
        'modalityCode',
        'patientId',
        'issuerOfPatientId',
        'referringPhysicianId',
        'institutionalDepartment',
        'sendingApplication',
      ];
      const before = await countOf(sut.database.db, sql`select count(*)::int as n from exams`);
      for (const value of evil) {
        for (const field of fields) {
          const res = await post('admin', '/api/exam/search', { [field]: value.slice(0, 16) });
          expect(res.statusCode, `${field}=${value}`).toBe(200);
          expect(res.json().data.total, `${field}=${value}`).toBe(0);
        }
      }
      const after = await countOf(sut.database.db, sql`select count(*)::int as n from exams`);
      expect(after).toBe(before);
    });

    it('unknown or malformed exam ids are 404/400', async () => {
      expect((await get('admin', '/api/exam/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await post('admin', '/api/exam/00000000-0000-4000-8000-000000000000/accept', {})).statusCode).toBe(404);
      expect((await get('admin', "/api/exam/1' or '1'='1")).statusCode).toBe(400);
    });

    it('unknown fields and wrong types are a 400', async () => {
      expect((await post('admin', '/api/exam/search', { hack: 1 })).statusCode).toBe(400);
      const e = await findExam(sut.database.db, eq(exams.status, 'Arrived'));
      expect((await post('admin', `/api/exam/${e.id}/assign`, { doctorId: 'not-a-uuid' })).statusCode).toBe(400);
      expect((await post('admin', `/api/exam/${e.id}/assign`, { reportUrgency: 'Yesterday' })).statusCode).toBe(400);
    });
  });
});
