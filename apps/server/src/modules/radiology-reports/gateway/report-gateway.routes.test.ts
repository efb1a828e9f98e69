import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, ne } from 'drizzle-orm';
import {
  startGatewaySimulator,
  type GatewaySimulator,
  type GatewayState,
} from '../../../../../simulators/src/gateway-simulator';
import { auditLog, exams, finishedReports, hospitals } from '../../../db/schema/index';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { and, eq, findExam, isNotNull, isNull, sql, userId } from '../../exams/exams.test-helpers';
import { REPORT_GATEWAY_JOB, RETRY_LIMIT } from './report-gateway.service';

/** Report text with every HL7 delimiter, a line break and Thai: it must reach the hospital exactly as written. */
const FINDINGS = 'ก้อนขนาด 2×3 ซม. | ขอบ ^ ไม่ชัด ~ ดู \\ เทียบ & ติดตาม\nไม่พบเลือดออก';
const CONTENT = {
  clinicalInformation: 'ปวดศีรษะ 3 วัน',
  technique: 'Axial CT brain without contrast.',
  findings: FINDINGS,
  impression: 'ไม่พบความผิดปกติเร่งด่วน',
};

describe('report gateway API (ping-gateway → hospital gateway simulator)', () => {
  let sim: GatewaySimulator;
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  let hospitalCode: string;
  const cookies: Record<string, string> = {};
  let version = 900;

  const ping = async (username: string | null, examId: string, id: string, payload?: string) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/exam/${examId}/report/${id}/ping-gateway`,
      headers: {
        ...(username ? { cookie: (cookies[username] ??= await sut.login(username)) } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  const simState = async (patch?: Partial<GatewayState> & { reset?: boolean }): Promise<GatewayState> => {
    const res = await fetch(
      `${sim.url}/__sim/state`,
      patch ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) } : {},
    );
    return (await res.json()) as GatewayState;
  };
  const insertReport = async (examId: string, values: Partial<typeof finishedReports.$inferInsert> = {}) => {
    const [row] = await sut.database.db
      .insert(finishedReports)
      .values({
        examId,
        reportName: 'pacs',
        versionNo: (version += 1),
        kind: 'final',
        content: CONTENT,
        pdfKey: 'reports/test.pdf',
        reporterId: await userId(sut.database.db, 'doctor1'),
        reporterName: 'นพ. ทดสอบ ระบบ',
        ...values,
      })
      .returning();
    return row!;
  };
  const reportRow = async (id: string) =>
    (await sut.database.db.select().from(finishedReports).where(eq(finishedReports.id, id)))[0]!;
  const jobsOf = async (id: string) => {
    const result: unknown = await sut.database.db.execute(
      sql`select state from pgboss.job where name = ${REPORT_GATEWAY_JOB} and singleton_key = ${id}`,
    );
    return (result as { rows: { state: string }[] }).rows.map((r) => r.state);
  };
  const auditOf = (id: string) =>
    sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.gateway.send'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);

  beforeAll(async () => {
    sim = await startGatewaySimulator({ port: 0, host: '127.0.0.1' });
    sut = await createTestApp({ env: { REPORT_GATEWAY_URL: `${sim.url}/hl7/oru` } });
    const doctor1 = await userId(sut.database.db, 'doctor1');
    exam = await findExam(
      sut.database.db,
      eq(exams.reviewerId, doctor1),
      isNotNull(exams.accessionNumber),
      isNotNull(exams.hospitalId),
    );
    const [h] = await sut.database.db
      .select({ code: hospitals.code })
      .from(hospitals)
      .where(eq(hospitals.id, exam.hospitalId!));
    hospitalCode = h!.code;
  });
  afterEach(async () => {
    await simState({ reset: true });
  });
  afterAll(async () => {
    await sut.close();
    await sim.close();
  });

  it('sends the finished report as ORU^R01: Sent on the row, the accession and the exact Thai text at the hospital', async () => {
    const report = await insertReport(exam.id);
    const res = await ping('doctor1', exam.id, report.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { gatewayStatus: 'Sent', gatewayAttempts: 1, retryQueued: false },
    });

    const row = await reportRow(report.id);
    expect(row).toMatchObject({ gatewayStatus: 'Sent', gatewayAttempts: 1 });
    expect(row.gatewayLastAttemptAt).toBeInstanceOf(Date);

    const { received } = await simState();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got).toMatchObject({
      ack: 'AA',
      contentType: 'x-application/hl7-v2+er7',
      sendingApplication: 'RANGSI',
      receivingFacility: hospitalCode,
      characterSet: 'UNICODE UTF-8',
      accessionNumber: exam.accessionNumber,
      hn: exam.hn,
      resultStatus: 'F',
    });
    expect(got.lines).toEqual([
      'CLINICAL INFORMATION:',
      CONTENT.clinicalInformation,
      'TECHNIQUE:',
      CONTENT.technique,
      'FINDINGS:',
      ...FINDINGS.split('\n'),
      'IMPRESSION:',
      CONTENT.impression,
    ]);
    expect(await jobsOf(report.id)).toEqual([]);

    const audit = await auditOf(report.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      username: 'doctor1',
      patientId: exam.patientId,
      detail: { examId: exam.id, attempt: 1, trigger: 'ping', outcome: 'AA', delivered: true },
    });
  });

  it('gateway down: success false, Failed, a retry job; the job sends once the gateway is back', async () => {
    const report = await insertReport(exam.id);
    await simState({ down: true });
    const res = await ping('doctor1', exam.id, report.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      data: { gatewayStatus: 'Failed', gatewayAttempts: 1, retryQueued: true },
    });
    expect(res.json().message).toContain('HTTP 503');
    expect(await reportRow(report.id)).toMatchObject({ gatewayStatus: 'Failed', gatewayAttempts: 1 });
    expect(await jobsOf(report.id)).toEqual(['created']);

    // Pinging again while the retry waits: one more attempt, still one job.
    expect((await ping('doctor1', exam.id, report.id)).json()).toMatchObject({
      success: false,
      data: { gatewayAttempts: 2, retryQueued: true },
    });
    expect(await jobsOf(report.id)).toEqual(['created']);

    // The retry waits its delay first.
    expect(await sut.services.jobs.drain({ only: [REPORT_GATEWAY_JOB] })).toEqual({ ran: 0, failed: 0 });
    await simState({ down: false });
    expect(await sut.services.jobs.drain({ only: [REPORT_GATEWAY_JOB], includeDelayed: true })).toEqual({
      ran: 1,
      failed: 0,
    });
    expect(await reportRow(report.id)).toMatchObject({ gatewayStatus: 'Sent', gatewayAttempts: 3 });
    expect((await simState()).received.map((r) => r.accessionNumber)).toEqual([exam.accessionNumber]);
    expect(await jobsOf(report.id)).toEqual(['completed']);

    const audit = await auditOf(report.id);
    expect(audit.map((a) => [a.username, (a.detail as { outcome: string }).outcome])).toEqual([
      ['doctor1', 'HTTP_ERROR'],
      ['doctor1', 'HTTP_ERROR'],
      [null, 'AA'],
    ]);
    expect(audit[2]!.detail).toMatchObject({ trigger: 'retry', jobAttempt: 1, delivered: true });
  });

  it('retries with backoff up to the limit, then the row says the retries are spent', async () => {
    const report = await insertReport(exam.id);
    await simState({ down: true });
    expect((await ping('doctor1', exam.id, report.id)).json().success).toBe(false);
    // includeDelayed runs each retry without waiting for its backoff.
    expect(await sut.services.jobs.drain({ only: [REPORT_GATEWAY_JOB], includeDelayed: true })).toEqual({
      ran: RETRY_LIMIT + 1,
      failed: RETRY_LIMIT + 1,
    });
    const row = await reportRow(report.id);
    expect(row).toMatchObject({ gatewayStatus: 'Failed', gatewayAttempts: RETRY_LIMIT + 2 });
    expect(row.gatewayMessage).toContain('ลองส่งซ้ำครบแล้ว');
    expect(await jobsOf(report.id)).toEqual(['failed']);
    expect(await auditOf(report.id)).toHaveLength(RETRY_LIMIT + 2);
  });

  it('AE from the hospital: success false with its words for the user, Failed without them on the row, no retry', async () => {
    const report = await insertReport(exam.id);
    await simState({ oruAck: 'AE', oruAckText: `HN ${exam.hn} not registered` });
    const body = (await ping('doctor1', exam.id, report.id)).json();
    expect(body).toMatchObject({ success: false, data: { gatewayStatus: 'Failed', retryQueued: false } });
    expect(body.message).toContain('(AE)');
    expect(body.message).toContain(`HN ${exam.hn} not registered`);
    const row = await reportRow(report.id);
    expect(row.gatewayStatus).toBe('Failed');
    expect(row.gatewayMessage).toContain('AE');
    expect(row.gatewayMessage).not.toContain(exam.hn);
    expect(await jobsOf(report.id)).toEqual([]);
    expect(JSON.stringify((await auditOf(report.id))[0]!.detail)).not.toContain(exam.hn);
  });

  it('marks an addendum C (corrected) and a preliminary report P', async () => {
    const addendum = await insertReport(exam.id, {
      kind: 'addendum',
      content: { ...CONTENT, addendum: 'เพิ่มเติม: วัดขนาดซ้ำ' },
    });
    const preliminary = await insertReport(exam.id, { kind: 'preliminary' });
    expect((await ping('doctor1', exam.id, addendum.id)).json().success).toBe(true);
    expect((await ping('doctor1', exam.id, preliminary.id)).json().success).toBe(true);
    const { received } = await simState();
    expect(received.map((r) => r.resultStatus)).toEqual(['C', 'P']);
    expect(received[0]!.lines.slice(-2)).toEqual(['ADDENDUM:', 'เพิ่มเติม: วัดขนาดซ้ำ']);
  });

  it('scope and ids: another doctor, another exam, unknown and malformed ids, no permission, no session', async () => {
    const report = await insertReport(exam.id);
    const other = await findExam(sut.database.db, ne(exams.id, exam.id), isNotNull(exams.accessionNumber));
    // doctor2 does not read doctor1's exam: indistinguishable from absent.
    expect((await ping('doctor2', exam.id, report.id)).statusCode).toBe(404);
    // The report must belong to the exam in the path, whoever asks.
    expect((await ping('admin', other.id, report.id)).statusCode).toBe(404);
    expect((await ping('admin', exam.id, randomUUID())).statusCode).toBe(404);
    expect((await ping('admin', randomUUID(), report.id)).statusCode).toBe(404);
    for (const [e, r] of [
      ['not-a-uuid', report.id],
      [exam.id, '123'],
      [exam.id, `${report.id}'--`],
    ] as const) {
      const res = await ping('admin', e, encodeURIComponent(r));
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await ping('link', exam.id, report.id)).statusCode).toBe(403);
    expect((await ping(null, exam.id, report.id)).statusCode).toBe(401);
    expect((await ping('admin', exam.id, report.id, '{"broken')).statusCode).toBe(400);
    // Nothing of the above reached the hospital or touched the row.
    expect((await simState()).received).toEqual([]);
    expect(await reportRow(report.id)).toMatchObject({ gatewayStatus: '', gatewayAttempts: 0 });
    // A JSON body is allowed and ignored.
    expect((await ping('admin', exam.id, report.id, '{}')).json().success).toBe(true);
  });

  it('refuses with 422 what the hospital could not file: no accession number, no report text', async () => {
    const noAccession = await findExam(sut.database.db, isNull(exams.accessionNumber));
    const a = await insertReport(noAccession.id);
    const resA = await ping('admin', noAccession.id, a.id);
    expect(resA.statusCode).toBe(422);
    expect(resA.json().message).toContain('Accession');
    const b = await insertReport(exam.id, { content: { findings: '   ' } });
    expect((await ping('doctor1', exam.id, b.id)).statusCode).toBe(422);
    expect((await reportRow(b.id)).gatewayAttempts).toBe(0);
  });

  it('refuses with 409 a version waiting for audit or rejected by the approver; sends it once approved', async () => {
    const waiting = await insertReport(exam.id, { auditStatus: 'WaitingForAudit' });
    const res = await ping('doctor1', exam.id, waiting.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('WaitingForAudit');
    const rejected = await insertReport(exam.id, { auditStatus: 'Rejected' });
    expect((await ping('doctor1', exam.id, rejected.id)).statusCode).toBe(409);
    expect((await simState()).received).toEqual([]);
    await sut.database.db
      .update(finishedReports)
      .set({ auditStatus: 'Approved' })
      .where(eq(finishedReports.id, waiting.id));
    expect((await ping('doctor1', exam.id, waiting.id)).json().success).toBe(true);
  });

  it('the newest audit entries carry no names, HNs or report text', async () => {
    const rows = await sut.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'report.gateway.send'))
      .orderBy(desc(auditLog.id))
      .limit(50);
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows.map((r) => r.detail));
    for (const secret of [exam.hn, exam.firstName, FINDINGS.slice(0, 8)]) expect(text).not.toContain(secret);
  });
});

describe('report gateway without REPORT_GATEWAY_URL', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('answers success false, records Failed, queues no retry', async () => {
    const doctor1 = await userId(sut.database.db, 'doctor1');
    const exam = await findExam(sut.database.db, eq(exams.reviewerId, doctor1), isNotNull(exams.accessionNumber));
    const [report] = await sut.database.db
      .insert(finishedReports)
      .values({
        examId: exam.id,
        reportName: 'pacs',
        versionNo: 950,
        content: CONTENT,
        pdfKey: 'reports/test.pdf',
        reporterName: 'นพ. ทดสอบ',
      })
      .returning();
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${exam.id}/report/${report!.id}/ping-gateway`,
      headers: { cookie: await sut.login('doctor1') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      data: { gatewayStatus: 'Failed', gatewayAttempts: 1, retryQueued: false },
    });
    expect(res.json().message).toContain('REPORT_GATEWAY_URL');
    expect(await sut.services.jobs.drain({ only: [REPORT_GATEWAY_JOB], includeDelayed: true })).toEqual({
      ran: 0,
      failed: 0,
    });
  });
});
