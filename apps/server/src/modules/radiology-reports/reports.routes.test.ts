import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, exams, finishedReports, reportDrafts, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { findExam, userId } from '../exams/exams.test-helpers';

const THAI_IMPRESSION = 'ไม่พบเลือดออกในสมอง ผู้ป่วยปลอดภัยดี น้ำในโพรงสมองปกติ';
const dir = mkdtempSync(join(tmpdir(), 'report-routes-'));
let n = 0;

function pdftotext(pdf: Buffer): string {
  const file = join(dir, `r${(n += 1)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

const content = (impression: string, extra: Record<string, string> = {}) => ({
  clinicalInformation: 'ปวดศีรษะ 2 วัน',
  technique: 'NCCT brain',
  findings: 'No acute haemorrhage.',
  impression,
  ...extra,
});

describe('radiology report API', () => {
  const clock = new Date();
  let sut: TestContext;
  let doctor1: string;
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const call = async (
    username: string,
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    sut.app.inject({
      method,
      url,
      headers: { cookie: await as(username) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (username: string, url: string) => call(username, 'GET', url);
  const reportUrl = (examId: string, rest = '') => `/api/exam/${examId}/report/pacs${rest}`;

  /** An exam of doctor1 in RS1 (the branch that audits reports), put in the state a test needs. */
  async function doctor1Exam(status: 'Assigned' | 'Accepted', ...excluding: string[]) {
    const [rs1] = await sut.database.db.select().from(branches).where(eq(branches.code, 'RS1'));
    const e = await findExam(
      sut.database.db,
      eq(exams.reviewerId, doctor1),
      eq(exams.branchId, rs1!.id),
      isNotNull(exams.accessionNumber),
      sql`not exists (select 1 from ${finishedReports} fr where fr.exam_id = ${exams.id})`,
      sql`not exists (select 1 from ${reportDrafts} d where d.exam_id = ${exams.id})`,
      ...excluding.map((id) => ne(exams.id, id)),
    );
    await sut.database.db.update(exams).set({ status, reportAuditStatus: '' }).where(eq(exams.id, e.id));
    return e;
  }

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    doctor1 = await userId(sut.database.db, 'doctor1');
  });
  afterAll(async () => {
    await sut.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('GET /api/exam/{examId}/report/{name}', () => {
    it('answers the definition, the finished versions with their reporter, and templates of the modality', async () => {
      const [row] = await sut.database.db
        .select({ examId: finishedReports.examId })
        .from(finishedReports)
        .innerJoin(exams, eq(exams.id, finishedReports.examId))
        .where(and(eq(exams.reviewerId, doctor1), eq(exams.modalityCode, 'CT')))
        .limit(1);
      const res = await get('doctor1', reportUrl(row!.examId!, '?isIncludeFinished=true'));
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.reportName).toBe('pacs');
      expect(data.reportParameters).toEqual(expect.arrayContaining([{ parameterName: 'examId', value: row!.examId }]));
      expect(data.finishedReports.length).toBeGreaterThan(0);
      expect(data.finishedReports[0]).toMatchObject({
        reportName: 'pacs',
        reporterName: 'นพ. ธนากร ศรีสุข',
        versionNo: expect.any(Number),
        kind: expect.any(String),
      });
      expect(data.finishedReports[0].pdfUrl).toBe(
        `/ReportViewer/finishedReport/${row!.examId}/${data.finishedReports[0].finishedReportId}`,
      );
      expect(data.templates.every((t: { modalityCode: string }) => t.modalityCode === 'CT')).toBe(true);
      expect(data.templates.map((t: { name: string }) => t.name)).toEqual(
        expect.arrayContaining(['CT Brain ปกติ (ภาษาไทย)', 'CT Chest normal (English)']),
      );
      const without = (await get('doctor1', reportUrl(row!.examId!, '?isIncludeFinished=false'))).json().data;
      expect(without.finishedReports).toEqual([]);
      expect(without.access.nextVersionNo).toBe(data.access.nextVersionNo);
    });

    it('answers 404 for an unknown report name and 400 for parameters of the wrong type', async () => {
      const e = await findExam(sut.database.db, eq(exams.reviewerId, doctor1));
      expect((await get('doctor1', `/api/exam/${e.id}/report/nosuchreport`)).json()).toMatchObject({
        success: false,
        message: 'ไม่พบรายงานชื่อนี้',
      });
      expect((await get('doctor1', `/api/exam/${e.id}/report/nosuchreport`)).statusCode).toBe(404);
      expect((await get('doctor1', `/api/exam/${e.id}/report/pacs.mrt`)).statusCode).toBe(200);
      expect((await get('doctor1', `/api/exam/${e.id}/report/pacs?isIncludeFinished=maybe`)).statusCode).toBe(400);
      expect((await get('doctor1', `/api/exam/${e.id}/report/pa%3Ccs`)).statusCode).toBe(400);
      expect((await get('doctor1', '/api/exam/not-a-uuid/report/pacs')).statusCode).toBe(400);
      const finish = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
        content: content('x'),
        versionNo: 'one',
      });
      expect(finish.statusCode).toBe(400);
      expect(finish.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'versionNo' })]));
      const draft = await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), { content: { findings: 42 }, version: 0 });
      expect(draft.statusCode).toBe(400);
    });
  });

  describe('writing, finishing, addenda', () => {
    it('the reviewer accepts, autosaves a draft, finishes: a PDF with the Thai impression, the exam Completed and waiting for audit', async () => {
      const e = await doctor1Exam('Assigned');
      let def = (await get('doctor1', reportUrl(e.id))).json().data;
      expect(def.access).toMatchObject({
        canEdit: false,
        reason: 'notAccepted',
        nextKinds: ['final', 'preliminary'],
        nextVersionNo: 1,
      });
      expect(
        (await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), { content: content('x'), version: 0 })).statusCode,
      ).toBe(409);
      expect((await call('doctor1', 'POST', `/api/exam/${e.id}/accept`, {})).statusCode).toBe(200);

      const first = await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), {
        content: content('ร่างแรก'),
        isCritical: true,
        version: 0,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({
        version: 1,
        isCritical: true,
        updatedBy: 'นพ. ธนากร ศรีสุข',
        content: { impression: 'ร่างแรก' },
      });
      // A second window that still thinks there is no draft is told, with the current text.
      const stale = await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), {
        content: content('อีกหน้าต่าง'),
        version: 0,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().data.content.impression).toBe('ร่างแรก');
      expect(
        (
          await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), { content: content(THAI_IMPRESSION), version: 1 })
        ).json().data.version,
      ).toBe(2);
      def = (await get('doctor1', reportUrl(e.id))).json().data;
      expect(def.draft.content.impression).toBe(THAI_IMPRESSION);
      expect(def.access.canEdit).toBe(true);

      const res = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
        content: content(THAI_IMPRESSION),
        isCritical: true,
        kind: 'final',
        versionNo: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const fin = res.json().data.finishedReport;
      expect(fin).toMatchObject({
        versionNo: 1,
        kind: 'final',
        auditStatus: 'WaitingForAudit',
        isCritical: true,
        reporterName: 'นพ. ธนากร ศรีสุข',
      });

      const row = (await get('doctor1', `/api/exam/${e.id}`)).json().data;
      expect(row).toMatchObject({
        status: 'Completed',
        reportCount: 1,
        latestReporter: 'นพ. ธนากร ศรีสุข',
        reportAuditStatus: 'WaitingForAudit',
        isCritical: true,
        isCheckReport: false,
      });
      expect(row.log).toMatch(/reported — ฉบับที่ 1 \(final\) · ผลวิกฤต/);
      const [stored] = await sut.database.db.select().from(exams).where(eq(exams.id, e.id));
      expect(stored!.firstReportedAt?.getTime()).toBe(clock.getTime());
      expect(await sut.database.db.select().from(reportDrafts).where(eq(reportDrafts.examId, e.id))).toEqual([]);

      const pdf = await get('doctor1', fin.pdfUrl);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdftotext(pdf.rawPayload);
      expect(text).toContain(THAI_IMPRESSION);
      expect(text).toContain(e.hn);
      expect(text).toContain(e.accessionNumber!);
      expect(text).toContain('FINAL');
      expect(text).toContain('ว.34521');
      expect(text).toContain('CRITICAL');
      expect(text).toContain('รังสีสาขาสยาม');

      const audits = await sut.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, e.id));
      expect(audits.map((a) => a.action)).toEqual(
        expect.arrayContaining(['report.read', 'report.draftStarted', 'report.finished', 'report.pdfOpened']),
      );
    }, 60_000);

    it('two Finish calls at once make one finished report; the other is a clear 409', async () => {
      const e = await doctor1Exam('Accepted');
      const body = { content: content('พร้อมกันสองครั้ง'), versionNo: 1 };
      const answers = await Promise.all([1, 2, 3].map(() => call('doctor1', 'POST', reportUrl(e.id, '/finish'), body)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/บันทึกแล้ว/);
      const rows = await sut.database.db.select().from(finishedReports).where(eq(finishedReports.examId, e.id));
      expect(rows.length).toBe(1);
      expect((await get('doctor1', `/api/exam/${e.id}`)).json().data.reportCount).toBe(1);
    }, 60_000);

    it('a finished version is never edited: the API refuses with 409; an addendum makes version 2 and keeps version 1', async () => {
      const e = await doctor1Exam('Accepted');
      const v1 = (
        await call('doctor1', 'POST', reportUrl(e.id, '/finish'), { content: content('ฉบับแรก'), versionNo: 1 })
      ).json().data.finishedReport;
      const before = (await get('doctor1', v1.pdfUrl)).rawPayload;

      for (const method of ['PUT', 'PATCH', 'POST', 'DELETE'] as const) {
        const res = await call('doctor1', method, reportUrl(e.id, `/finished/${v1.finishedReportId}`), {
          content: content('แก้ทับ'),
        });
        expect(res.statusCode, method).toBe(409);
        expect(res.json().message).toMatch(/addendum/);
      }
      const overwrite = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
        content: content('แก้ทับ'),
        versionNo: 1,
      });
      expect(overwrite.statusCode).toBe(409);
      expect(overwrite.json().data).toEqual({ latestVersionNo: 1 });
      expect((await call('doctor1', 'PUT', reportUrl(e.id, `/finished/${crypto.randomUUID()}`), {})).statusCode).toBe(
        404,
      );

      let def = (await get('doctor1', reportUrl(e.id))).json().data;
      expect(def.access).toMatchObject({ canEdit: true, nextKinds: ['addendum'], nextVersionNo: 2 });
      const missing = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
        content: content('ฉบับแก้'),
        versionNo: 2,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].field).toBe('content.addendum');
      const v2 = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
        content: content('ฉบับแก้', { addendum: 'แก้ไขขนาดรอยโรคเป็น 12 มม.' }),
        versionNo: 2,
      });
      expect(v2.statusCode, v2.body).toBe(200);
      expect(v2.json().data.finishedReport).toMatchObject({ versionNo: 2, kind: 'addendum' });

      def = (await get('doctor1', reportUrl(e.id))).json().data;
      expect(def.finishedReports.map((f: { versionNo: number; kind: string }) => [f.versionNo, f.kind])).toEqual([
        [2, 'addendum'],
        [1, 'final'],
      ]);
      expect((await get('doctor1', v1.pdfUrl)).rawPayload.equals(before)).toBe(true);
      const text = pdftotext((await get('doctor1', v2.json().data.finishedReport.pdfUrl)).rawPayload);
      expect(text).toContain('ADDENDUM');
      expect(text).toContain('แก้ไขขนาดรอยโรคเป็น 12 มม.');
    }, 60_000);

    it('1 MB of report text is refused clearly and the draft is kept', async () => {
      const e = await doctor1Exam('Accepted');
      await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), { content: content('ข้อความเดิม'), version: 0 });
      const ascii = await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), {
        content: content('x', { findings: 'a'.repeat(1_000_000) }),
        version: 1,
      });
      expect(ascii.statusCode).toBe(400);
      expect(ascii.json().errors[0]).toMatchObject({
        field: 'content.findings',
        message: expect.stringContaining('20,000'),
      });
      const thai = await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), {
        content: content('x', { findings: 'ก'.repeat(1_000_000) }),
        version: 1,
      });
      expect(thai.statusCode).toBe(413);
      expect(thai.json()).toMatchObject({ success: false, message: expect.any(String) });
      const finish = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
        content: content('a'.repeat(1_000_000)),
        versionNo: 1,
      });
      expect(finish.statusCode).toBe(400);
      const def = (await get('doctor1', reportUrl(e.id))).json().data;
      expect(def.draft).toMatchObject({ version: 1, content: { impression: 'ข้อความเดิม' } });
      expect(def.finishedReports).toEqual([]);
    });

    it('HTML and script in report text are kept as text and printed as text', async () => {
      const e = await doctor1Exam('Accepted');
      const evil = '<script>alert(1)</script><img src=x onerror=alert(2)> <b>bold?</b>';
      await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), { content: content(evil), version: 0 });
      expect((await get('doctor1', reportUrl(e.id))).json().data.draft.content.impression).toBe(evil);
      const fin = (
        await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
          content: content(evil, { findings: 'พบ </div><h1>หัวข้อปลอม</h1>' }),
          versionNo: 1,
        })
      ).json().data.finishedReport;
      const text = pdftotext((await get('doctor1', fin.pdfUrl)).rawPayload);
      expect(text).toContain('<script>alert(1)</script><img src=x onerror=alert(2)> <b>bold?</b>');
      expect(text).toContain('</div><h1>หัวข้อปลอม</h1>');
    }, 60_000);

    it('an empty impression is refused before anything is stored', async () => {
      const e = await doctor1Exam('Accepted');
      const res = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), { content: content('   '), versionNo: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('content.impression');
      expect(await sut.database.db.select().from(finishedReports).where(eq(finishedReports.examId, e.id))).toEqual([]);
    });
  });

  describe('audit: rejected goes back to the reader with the message', () => {
    it('an approver rejects, the reader sees the message and writes the correction, the approver approves', async () => {
      const e = await doctor1Exam('Accepted');
      const v1 = (
        await call('doctor1', 'POST', reportUrl(e.id, '/finish'), { content: content('ก่อนแก้'), versionNo: 1 })
      ).json().data.finishedReport;
      expect(v1.auditStatus).toBe('WaitingForAudit');
      const rejected = await call('staff', 'POST', `/api/exam/${e.id}/report/reject`, { message: 'กรุณาระบุขนาดก้อน' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().data).toMatchObject({ status: 'Accepted', reportAuditStatus: 'Rejected' });

      let def = (await get('doctor1', reportUrl(e.id))).json().data;
      expect(def.exam).toMatchObject({ reportAuditStatus: 'Rejected', latestMessage: 'กรุณาระบุขนาดก้อน' });
      expect(def.finishedReports[0]).toMatchObject({
        versionNo: 1,
        auditStatus: 'Rejected',
        auditMessage: 'กรุณาระบุขนาดก้อน',
      });
      expect(def.access).toMatchObject({ canEdit: true, nextKinds: ['addendum'] });

      const v2 = await call('doctor1', 'POST', reportUrl(e.id, '/finish'), {
        content: content('ก้อนขนาด 12 มม.', { addendum: 'เพิ่มขนาดก้อน' }),
        versionNo: 2,
      });
      expect(v2.statusCode).toBe(200);
      def = (await get('staff', reportUrl(e.id))).json().data;
      expect(
        def.finishedReports.map((f: { auditStatus: string; auditMessage: string | null }) => [
          f.auditStatus,
          f.auditMessage,
        ]),
      ).toEqual([
        ['WaitingForAudit', null],
        ['Rejected', 'กรุณาระบุขนาดก้อน'],
      ]);
      expect((await call('staff', 'POST', `/api/exam/${e.id}/report/approve`, {})).json().data.reportAuditStatus).toBe(
        'Approved',
      );
      def = (await get('doctor1', reportUrl(e.id))).json().data;
      expect(def.finishedReports[0].auditStatus).toBe('Approved');
    }, 60_000);
  });

  describe('access (spec §5) and data scope', () => {
    it("doctor2 cannot open doctor1's report, nor its PDF, nor write it (404 like the worklist)", async () => {
      const [fr] = await sut.database.db
        .select({ examId: finishedReports.examId, id: finishedReports.id })
        .from(finishedReports)
        .innerJoin(exams, eq(exams.id, finishedReports.examId))
        .where(eq(exams.reviewerId, doctor1))
        .limit(1);
      expect((await get('doctor2', reportUrl(fr!.examId!))).statusCode).toBe(404);
      expect((await get('doctor2', `/ReportViewer/finishedReport/${fr!.examId}/${fr!.id}`)).statusCode).toBe(404);
      expect(
        (await call('doctor2', 'PUT', reportUrl(fr!.examId!, '/draft'), { content: content('x'), version: 0 }))
          .statusCode,
      ).toBe(404);
      expect((await get('doctor1', `/ReportViewer/finishedReport/${fr!.examId}/${fr!.id}`)).statusCode).toBe(200);
    }, 60_000);

    it("a Hospital user reads their hospital's reports only, read-only, without drafts or templates", async () => {
      const [hospital] = await sut.database.db.select().from(users).where(eq(users.username, 'hospital'));
      const [own] = await sut.database.db
        .select({ examId: finishedReports.examId })
        .from(finishedReports)
        .innerJoin(exams, eq(exams.id, finishedReports.examId))
        .where(eq(exams.hospitalId, hospital!.hospitalId!))
        .limit(1);
      const res = await get('hospital', reportUrl(own!.examId!));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        draft: null,
        templates: [],
        access: { canEdit: false, reason: 'readOnlyRole' },
      });
      expect(
        (await call('hospital', 'PUT', reportUrl(own!.examId!, '/draft'), { content: content('x'), version: 0 }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('hospital', 'POST', reportUrl(own!.examId!, '/finish'), { content: content('x'), versionNo: 9 }))
          .statusCode,
      ).toBe(403);
      const [other] = await sut.database.db
        .select({ examId: finishedReports.examId })
        .from(finishedReports)
        .innerJoin(exams, eq(exams.id, finishedReports.examId))
        .where(ne(exams.hospitalId, hospital!.hospitalId!))
        .limit(1);
      expect((await get('hospital', reportUrl(other!.examId!))).statusCode).toBe(404);
    });

    it('refuses users without EXAM_REPORT and requests without a session', async () => {
      const e = await findExam(sut.database.db, eq(exams.reviewerId, doctor1));
      expect((await get('link', reportUrl(e.id))).statusCode).toBe(403);
      expect((await get('billing', reportUrl(e.id))).statusCode).toBe(403);
      expect((await sut.app.inject({ url: reportUrl(e.id) })).statusCode).toBe(401);
    });
  });

  describe('in the report engine', () => {
    it('lists as the pacs tab and POST /ReportViewer/pacs prints the draft as a marked preview', async () => {
      const list = await get('doctor1', '/api/reports/reportlist?prefix=pacs&examBranchId=');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((r: { reportName: string }) => r.reportName)).toEqual(['pacs']);
      // Hospital users only read saved versions: nothing of theirs to preview, so not listed (the window falls back).
      expect((await get('hospital', '/api/reports/reportlist?prefix=pacs')).json().data).toEqual([]);

      const e = await doctor1Exam('Accepted');
      await call('doctor1', 'PUT', reportUrl(e.id, '/draft'), {
        content: content('ตัวอย่างร่าง <i>ก่อนบันทึก</i>'),
        version: 0,
      });
      const form = (username: string, examId: string) =>
        as(username).then((cookie) =>
          sut.app.inject({
            method: 'POST',
            url: '/ReportViewer/pacs',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            payload: `examId=${examId}`,
          }),
        );
      const preview = await form('doctor1', e.id);
      expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
      expect(preview.headers['content-type']).toMatch(/application\/pdf/);
      const text = pdftotext(preview.rawPayload);
      expect(text).toContain('ตัวอย่างร่าง <i>ก่อนบันทึก</i>');
      expect(text).toContain('DRAFT PREVIEW');
      // A preview stores nothing.
      expect(await sut.database.db.select().from(finishedReports).where(eq(finishedReports.examId, e.id))).toEqual([]);
      expect((await form('doctor2', e.id)).statusCode).toBe(404);
      const [hospital] = await sut.database.db.select().from(users).where(eq(users.username, 'hospital'));
      const [own] = await sut.database.db
        .select({ id: exams.id })
        .from(exams)
        .where(eq(exams.hospitalId, hospital!.hospitalId!))
        .limit(1);
      expect((await form('hospital', own!.id)).statusCode).toBe(403);
      expect((await form('doctor1', 'nope')).statusCode).toBe(400);
    }, 60_000);
  });

  describe('demo reports and templates', () => {
    it('prints a seeded version on its first opening and keeps that PDF', async () => {
      const [fr] = await sut.database.db.select().from(finishedReports).where(eq(finishedReports.pdfKey, '')).limit(1);
      const first = await get('admin', `/ReportViewer/finishedReport/${fr!.examId}/${fr!.id}`);
      expect(first.statusCode).toBe(200);
      const [after] = await sut.database.db.select().from(finishedReports).where(eq(finishedReports.id, fr!.id));
      expect(after!.pdfKey).not.toBe('');
      const again = await get('admin', `/ReportViewer/finishedReport/${fr!.examId}/${fr!.id}`);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(pdftotext(first.rawPayload)).toContain(
        String((fr!.content as { impression: string }).impression.split('\n')[0]),
      );
    }, 60_000);

    it('the demo has addenda, preliminaries, versions waiting for audit and drafts', async () => {
      const kinds = await sut.database.db
        .select({ kind: finishedReports.kind, audit: finishedReports.auditStatus })
        .from(finishedReports);
      expect(kinds.some((k) => k.kind === 'addendum')).toBe(true);
      expect(kinds.some((k) => k.kind === 'preliminary')).toBe(true);
      expect(kinds.some((k) => k.audit === 'WaitingForAudit')).toBe(true);
      expect((await sut.database.db.select().from(reportDrafts)).length).toBeGreaterThan(0);
      const orphan = await sut.database.db
        .select({ id: exams.id })
        .from(exams)
        .where(
          and(
            eq(exams.status, 'Completed'),
            isNotNull(exams.reviewerId),
            sql`not exists (select 1 from ${finishedReports} fr where fr.exam_id = ${exams.id})`,
          ),
        );
      expect(orphan).toEqual([]);
    });

    it('a reader keeps text as their own template; hospital users cannot', async () => {
      const e = await doctor1Exam('Accepted');
      const body = {
        name: 'CT brain ของฉัน',
        language: 'th',
        modalityCode: e.modalityCode,
        bodyPart: 'HEAD',
        content: { findings: 'ปกติ', impression: 'ปกติ' },
      };
      const res = await call('doctor1', 'POST', '/api/report/templates', body);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'CT brain ของฉัน', isOwn: true, content: { technique: '' } });
      expect((await call('hospital', 'POST', '/api/report/templates', body)).statusCode).toBe(403);
      const mine = (await get('doctor1', reportUrl(e.id)))
        .json()
        .data.templates.filter((t: { isOwn: boolean }) => t.isOwn);
      expect(mine.map((t: { name: string }) => t.name)).toEqual(['CT brain ของฉัน']);
      expect(
        (await get('staff', reportUrl(e.id)))
          .json()
          .data.templates.some((t: { isOwn: boolean; name: string }) => t.name === 'CT brain ของฉัน'),
      ).toBe(false);
    });
  });
});
