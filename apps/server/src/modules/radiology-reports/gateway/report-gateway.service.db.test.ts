import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditService } from '../../../audit/audit.service';
import type { CurrentUser } from '../../../auth/current-user';
import type { DatabaseHandle } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { auditLog, exams, finishedReports } from '../../../db/schema/index';
import type { GatewayReply, ReportGatewayClient } from '../../../integrations/report-gateway/report-gateway.client';
import { JobError, JobQueue } from '../../../jobs/job-queue';
import { currentUserNamed, refusalOf } from '../../../test/service-test';
import { openTestDatabase } from '../../../test/test-app';
import { examNotFound } from '../../exams/exams.errors';
import { findExam, sql } from '../../exams/exams.test-helpers';
import { ReportGatewayRepository } from './report-gateway.repository';
import { REPORT_GATEWAY_JOB, ReportGatewayService } from './report-gateway.service';

const ACCEPTED: GatewayReply = { delivered: true, code: 'AA', retryable: false, message: 'ส่งให้โรงพยาบาลแล้ว' };
const DOWN: GatewayReply = { delivered: false, code: 'UNREACHABLE', retryable: true, message: 'ติดต่อเกตเวย์ไม่ได้' };
/** The hospital refuses, in words that may name the patient. */
const REFUSED: GatewayReply = {
  delivered: false,
  code: 'AE',
  retryable: false,
  message: 'โรงพยาบาลไม่รับข้อความ',
  gatewayText: 'HN 0012345 สมชาย ไม่พบในระบบ',
};

/** The hospital gateway as this test sets it: the replies to give, in turn, and what it was sent. */
class TestGateway implements ReportGatewayClient {
  readonly configured = true;
  readonly sent: { message: string; controlId: string }[] = [];
  replies: GatewayReply[] = [];
  send(message: string, controlId: string): Promise<GatewayReply> {
    this.sent.push({ message, controlId });
    return Promise.resolve(this.replies.shift() ?? ACCEPTED);
  }
}

// Delivery of finished reports to the hospital (decisions G1–G5): each attempt counted on the row and audited, one
// waiting retry per report when a failure may pass, refusals that send and count nothing, and no patient data kept.
describe(ReportGatewayService.name, () => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  let sut: ReportGatewayService;
  const gateway = new TestGateway();
  const logged: unknown[] = [];
  const hiddenExams = new Set<string>();
  const clock = new Date('2026-12-15T03:00:00Z');
  let controlIds = 0;
  let doctor: CurrentUser;
  let exam: typeof exams.$inferSelect;
  let version = 7_000;

  const insertReport = async (values: Partial<typeof finishedReports.$inferInsert> = {}) => {
    const [row] = await database.db
      .insert(finishedReports)
      .values({
        examId: exam.id,
        reportName: 'pacs',
        versionNo: (version += 1),
        kind: 'final',
        content: { findings: 'ไม่พบความผิดปกติ', impression: 'ปกติ' },
        pdfKey: 'reports/test.pdf',
        reporterId: doctor.userId,
        reporterName: 'นพ. ทดสอบ ระบบ',
        ...values,
      })
      .returning();
    return row!;
  };
  const rowOf = async (id: string) =>
    (await database.db.select().from(finishedReports).where(eq(finishedReports.id, id)))[0]!;
  const retriesOf = async (id: string) =>
    rowsOf<{ state: string }>(
      await database.db.execute(
        sql`select state from pgboss.job where name = ${REPORT_GATEWAY_JOB} and singleton_key = ${id}`,
      ),
    ).map((r) => r.state);

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const log = { info: (o: object) => logged.push(o), warn: (o: object) => logged.push(o) };
    queue = new JobQueue(db, { ...log, error: (o: object) => logged.push(o) });
    sut = new ReportGatewayService({
      repo: new ReportGatewayRepository(db),
      client: gateway,
      // The exams module decides who may load an exam; here every exam loads but the hidden ones.
      exams: {
        load: async (_user, id) => {
          if (hiddenExams.has(id)) throw examNotFound();
          return findExam(db, eq(exams.id, id));
        },
      },
      audit: new AuditService(db, () => clock),
      queue,
      now: () => clock,
      log,
      newControlId: () => `c0ffee${String((controlIds += 1)).padStart(14, '0')}`,
    });
    // Jobs are sent but never worked: the test runs retry() itself.
    await queue.start({ workers: false });
    doctor = await currentUserNamed(db, 'doctor1');
    exam = await findExam(db, isNotNull(exams.accessionNumber), isNotNull(exams.hospitalId));
  });
  beforeEach(() => {
    gateway.sent.length = 0;
    gateway.replies = [];
    logged.length = 0;
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('sends a released report at once, stamped with its control id and time, and counts and audits the attempt', async () => {
    const report = await insertReport();
    const answer = await sut.ping(doctor, exam.id, report.id);
    expect(answer).toMatchObject({
      success: true,
      data: {
        gatewayStatus: 'Sent',
        gatewayAttempts: 1,
        gatewayLastAttemptAt: clock.toISOString(),
        retryQueued: false,
      },
    });
    const [sent] = gateway.sent;
    const msh = sent!.message.split('\r')[0]!.split('|');
    expect(msh[9]).toBe(sent!.controlId);
    expect(msh[6]).toBe('20261215100000+0700');
    expect(sent!.message).toContain(exam.accessionNumber!);

    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.gateway.send'), eq(auditLog.entityId, report.id)));
    expect(audit).toMatchObject({
      userId: doctor.userId,
      detail: { examId: exam.id, attempt: 1, trigger: 'ping', outcome: 'AA', delivered: true },
    });
    expect(await retriesOf(report.id)).toEqual([]);
  });

  it('queues one retry when the gateway is down, however often the report is pinged', async () => {
    const report = await insertReport();
    gateway.replies = [DOWN, DOWN];
    const first = await sut.ping(doctor, exam.id, report.id);
    const second = await sut.ping(doctor, exam.id, report.id);
    for (const answer of [first, second]) {
      expect(answer.success).toBe(false);
      expect(answer.data.retryQueued).toBe(true);
      expect(answer.message).toContain('ระบบจะลองส่งใหม่อัตโนมัติ');
    }
    expect(second.data).toMatchObject({ gatewayStatus: 'Failed', gatewayAttempts: 2 });
    expect(await retriesOf(report.id)).toEqual(['created']);
  });

  it('tells the user the hospital’s words, but keeps them off the row, the audit log and the logs; no retry', async () => {
    const report = await insertReport();
    gateway.replies = [REFUSED];
    const answer = await sut.ping(doctor, exam.id, report.id);
    expect(answer).toMatchObject({ success: false, data: { gatewayStatus: 'Failed', retryQueued: false } });
    expect(answer.message).toBe(`${REFUSED.message}: ${REFUSED.gatewayText}`);
    const row = await rowOf(report.id);
    expect(row.gatewayMessage).toBe(REFUSED.message);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, report.id))
      .orderBy(desc(auditLog.id));
    for (const kept of [row, audit, ...logged]) expect(JSON.stringify(kept)).not.toContain('0012345');
    expect(JSON.stringify(logged)).not.toContain(exam.accessionNumber!);
    expect(await retriesOf(report.id)).toEqual([]);
  });

  it('refuses, without sending or counting, a report of another exam, one not released, and one with no text', async () => {
    const other = await findExam(database.db, isNotNull(exams.accessionNumber), sql`${exams.id} <> ${exam.id}`);
    const elsewhere = await insertReport({ examId: other.id });
    const waiting = await insertReport({ auditStatus: 'WaitingForAudit' });
    const rejected = await insertReport({ auditStatus: 'Rejected' });
    const empty = await insertReport({ content: { findings: '', impression: '' } });
    const refusals = [
      await refusalOf(sut.ping(doctor, exam.id, elsewhere.id)),
      await refusalOf(sut.ping(doctor, exam.id, waiting.id)),
      await refusalOf(sut.ping(doctor, exam.id, rejected.id)),
      await refusalOf(sut.ping(doctor, exam.id, empty.id)),
    ];
    expect(refusals.map((e) => [e.status, e.code])).toEqual([
      [404, 'GATEWAY_REPORT_NOT_FOUND'],
      [409, 'REPORT_AWAITS_AUDIT'],
      [409, 'REPORT_AUDIT_REJECTED'],
      [422, 'REPORT_NO_TEXT'],
    ]);
    hiddenExams.add(exam.id);
    try {
      expect((await refusalOf(sut.ping(doctor, exam.id, (await insertReport()).id))).code).toBe('EXAM_NOT_FOUND');
    } finally {
      hiddenExams.delete(exam.id);
    }
    expect(gateway.sent).toEqual([]);
    for (const r of [elsewhere, waiting, rejected, empty]) expect((await rowOf(r.id)).gatewayAttempts).toBe(0);
  });

  it('retries until delivered, says so on the row when the retries are spent, and stops for a sent report', async () => {
    const report = await insertReport();
    gateway.replies = [DOWN, DOWN, ACCEPTED];
    const failed = await sut.retry(report.id, { attempt: 1, lastAttempt: false }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(JobError);
    expect((await rowOf(report.id)).gatewayMessage).toBe(`${DOWN.message} — ระบบจะลองส่งใหม่อัตโนมัติ`);
    const spent = await sut.retry(report.id, { attempt: 6, lastAttempt: true }).catch((e: unknown) => e);
    expect(spent).toBeInstanceOf(JobError);
    expect((await rowOf(report.id)).gatewayMessage).toBe(`${DOWN.message} — ลองส่งซ้ำครบแล้ว กรุณาส่งใหม่ภายหลัง`);
    await sut.retry(report.id, { attempt: 1, lastAttempt: false });
    expect(await rowOf(report.id)).toMatchObject({ gatewayStatus: 'Sent', gatewayAttempts: 3 });
    const audits = await database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.entityId, report.id))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.detail)).toEqual([
      expect.objectContaining({ trigger: 'retry', jobAttempt: 1, outcome: 'UNREACHABLE' }),
      expect.objectContaining({ trigger: 'retry', jobAttempt: 6, outcome: 'UNREACHABLE' }),
      expect.objectContaining({ trigger: 'retry', jobAttempt: 1, outcome: 'AA' }),
    ]);

    gateway.sent.length = 0;
    await sut.retry(report.id, { attempt: 2, lastAttempt: false });
    expect(gateway.sent).toEqual([]);
  });

  it('marks a retry of a report that can no longer be sent as failed, without sending or counting it', async () => {
    const report = await insertReport();
    await database.db.update(finishedReports).set({ auditStatus: 'Rejected' }).where(eq(finishedReports.id, report.id));
    await sut.retry(report.id, { attempt: 1, lastAttempt: false });
    expect(gateway.sent).toEqual([]);
    expect(await rowOf(report.id)).toMatchObject({ gatewayStatus: 'Failed', gatewayAttempts: 0 });
  });
});
