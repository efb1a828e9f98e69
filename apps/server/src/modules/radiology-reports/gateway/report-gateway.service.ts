import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { buildOruR01, oruResultStatusOf, oruSectionsOf, type OruReportInput } from '@rangsi/domain';
import type { AuditService } from '../../../audit/audit.service';
import type { CurrentUser } from '../../../auth/current-user';
import { JobError, type JobContext, type JobHandle, type JobLog, type JobQueue } from '../../../jobs/job-queue';
import type { ExamsService } from '../../exams/exams.service';
import type { ReportGatewayClient } from '../../../integrations/report-gateway/report-gateway.client';
import type { DomainError } from '../../../http/domain-error';
import { gatewayError } from './report-gateway.errors';
import type { ReportGatewayRepository, ReportToSend } from './report-gateway.repository';

export const REPORT_GATEWAY_JOB = 'report-gateway-send';
/** After a failed ping the first retry waits this long; pg-boss then retries RETRY_LIMIT times from RETRY_DELAY_SECONDS, doubling. */
export const FIRST_RETRY_AFTER_SECONDS = 30;
export const RETRY_LIMIT = 5;
export const RETRY_DELAY_SECONDS = 60;

const RetryPayload = z.object({ finishedReportId: z.string().uuid() }).strict();

export interface PingResult {
  success: boolean;
  message: string;
  data: {
    gatewayStatus: string;
    gatewayAttempts: number;
    gatewayLastAttemptAt: string | null;
    /** A retry job waits for this report (sent now, or already waiting). */
    retryQueued: boolean;
  };
}

export interface ReportGatewayDeps {
  repo: ReportGatewayRepository;
  client: ReportGatewayClient;
  exams: Pick<ExamsService, 'load'>;
  audit: AuditService;
  queue: JobQueue;
  now: () => Date;
  log: Pick<JobLog, 'info' | 'warn'>;
  /** MSH-10 of each message (20 hex characters, the most v2.5 allows). */
  newControlId?: () => string;
}

type Actor = { trigger: 'ping'; who: { userId: string; username: string } } | { trigger: 'retry'; jobAttempt: number };

/**
 * Delivers finished reports to the hospital gateway as HL7 v2.5 ORU^R01 (decisions G1–G5, docs/decisions/README.md): a ping sends at
 * once and answers the outcome; a failure that may pass (gateway down, slow, AR) queues a durable retry with backoff.
 * Every attempt is counted on the report row and written to the audit log; logs and rows carry no patient data.
 */
export class ReportGatewayService {
  readonly retryJob: JobHandle<z.infer<typeof RetryPayload>>;
  private readonly newControlId: () => string;

  constructor(private readonly deps: ReportGatewayDeps) {
    this.newControlId = deps.newControlId ?? (() => randomBytes(10).toString('hex'));
    this.retryJob = deps.queue.define({
      name: REPORT_GATEWAY_JOB,
      payload: RetryPayload,
      // One waiting retry per report: pinging again while one waits adds none.
      singletonKey: (d) => d.finishedReportId,
      retryLimit: RETRY_LIMIT,
      retryDelaySeconds: RETRY_DELAY_SECONDS,
      expireInSeconds: 120,
      run: (d, ctx) => this.retry(d.finishedReportId, ctx),
    });
  }

  /** POST /api/exam/{examId}/report/{id}/ping-gateway: sends the finished report now; success false when it failed. */
  async ping(user: CurrentUser, examId: string, finishedReportId: string): Promise<PingResult> {
    const exam = await this.deps.exams.load(user, examId);
    const report = await this.deps.repo.find(finishedReportId);
    if (!report || report.examId !== exam.id) throw gatewayError('GATEWAY_REPORT_NOT_FOUND');
    const input = messageInput(report);
    if ('refusal' in input) throw input.refusal;
    const { reply, delivery } = await this.attempt(
      report,
      input,
      { trigger: 'ping', who: { userId: user.userId, username: user.username } },
      true,
    );
    let retryQueued = false;
    if (!reply.delivered && reply.retryable) {
      const id = await this.retryJob.send(
        { finishedReportId: report.id },
        { startAfterSeconds: FIRST_RETRY_AFTER_SECONDS },
      );
      retryQueued = id !== null || (await this.retryJob.isPending(report.id));
    }
    const parts = [reply.message];
    // The hospital's own words go back to the user who asked (they may name the patient: never stored or logged).
    if (reply.gatewayText) parts.push(`: ${reply.gatewayText}`);
    if (retryQueued) parts.push(' — ระบบจะลองส่งใหม่อัตโนมัติ');
    return {
      success: reply.delivered,
      message: parts.join(''),
      data: {
        gatewayStatus: delivery.gatewayStatus,
        gatewayAttempts: delivery.gatewayAttempts,
        gatewayLastAttemptAt: delivery.gatewayLastAttemptAt?.toISOString() ?? null,
        retryQueued,
      },
    };
  }

  /** The retry job: sends again unless the report was delivered meanwhile; throws (so pg-boss retries) while it may pass. */
  async retry(finishedReportId: string, ctx: Pick<JobContext, 'attempt' | 'lastAttempt'>): Promise<void> {
    const report = await this.deps.repo.find(finishedReportId);
    if (!report || report.gatewayStatus === 'Sent') return;
    const input = messageInput(report);
    if ('refusal' in input) {
      await this.deps.repo.finishAttempt(report.id, 'Failed', input.refusal.message);
      return;
    }
    const { reply } = await this.attempt(
      report,
      input,
      { trigger: 'retry', jobAttempt: ctx.attempt },
      !ctx.lastAttempt,
    );
    if (reply.delivered || !reply.retryable) return;
    throw new JobError(`report gateway: ${reply.code}`, 'REPORT_GATEWAY_FAILED');
  }

  /** One send: counted and timed on the row first (a crash mid-send leaves Pending), then its outcome, audit and log. */
  private async attempt(
    report: ReportToSend,
    input: Omit<OruReportInput, 'controlId' | 'sentAt'>,
    actor: Actor,
    retriesLeft: boolean,
  ) {
    const at = this.deps.now();
    const attempt = await this.deps.repo.startAttempt(report.id, at);
    const controlId = this.newControlId();
    const reply = await this.deps.client.send(buildOruR01({ ...input, controlId, sentAt: at }), controlId);
    const rowMessage =
      reply.message +
      (reply.delivered || !reply.retryable
        ? ''
        : retriesLeft
          ? ' — ระบบจะลองส่งใหม่อัตโนมัติ'
          : ' — ลองส่งซ้ำครบแล้ว กรุณาส่งใหม่ภายหลัง');
    const delivery = await this.deps.repo.finishAttempt(report.id, reply.delivered ? 'Sent' : 'Failed', rowMessage);
    const detail = {
      examId: report.examId,
      attempt,
      trigger: actor.trigger,
      outcome: reply.code,
      delivered: reply.delivered,
      ...(reply.httpStatus ? { httpStatus: reply.httpStatus } : {}),
      ...(actor.trigger === 'retry' ? { jobAttempt: actor.jobAttempt } : {}),
    };
    await this.deps.audit.record(
      null,
      {
        action: 'report.gateway.send',
        entityType: 'finished_report',
        entityId: report.id,
        patientId: report.exam?.patientId ?? null,
        detail,
      },
      actor.trigger === 'ping' ? actor.who : undefined,
    );
    this.deps.log[reply.delivered ? 'info' : 'warn']({ finishedReportId: report.id, ...detail }, 'report gateway send');
    if (!delivery) throw gatewayError('GATEWAY_REPORT_NOT_FOUND');
    return { reply, delivery };
  }
}

/** The ORU^R01 input of a finished report, or why it cannot be sent (an error for the user, without patient data). */
function messageInput(report: ReportToSend): Omit<OruReportInput, 'controlId' | 'sentAt'> | { refusal: DomainError } {
  const exam = report.exam;
  if (!exam) return { refusal: gatewayError('REPORT_NO_EXAM') };
  if (report.auditStatus === 'WaitingForAudit') {
    return { refusal: gatewayError('REPORT_AWAITS_AUDIT') };
  }
  if (report.auditStatus === 'Rejected') return { refusal: gatewayError('REPORT_AUDIT_REJECTED') };
  if (!exam.accessionNumber) return { refusal: gatewayError('REPORT_NO_ACCESSION') };
  const sections = oruSectionsOf(report.content);
  if (sections.length === 0) return { refusal: gatewayError('REPORT_NO_TEXT') };
  return {
    sendingFacility: report.branchCode ?? '',
    receivingFacility: report.hospitalCode ?? '',
    patient: {
      hn: exam.hn,
      prefix: exam.prefixName,
      firstName: exam.firstName,
      middleName: exam.middleName,
      lastName: exam.lastName,
      suffix: exam.suffixName,
      birthDate: exam.birthDate,
      gender: exam.gender,
    },
    order: {
      accessionNumber: exam.accessionNumber,
      examCode: [exam.modalityCode, exam.bodyPart].filter(Boolean).join('_'),
      examDescription: exam.description || exam.modalityCode,
      observedAt: exam.examDate,
      reportedAt: report.createdAt,
      resultStatus: oruResultStatusOf(report.kind),
      referringPhysician: exam.referringPhysicianName,
    },
    sections,
    reader: { id: report.reporterLicenseNo, name: report.reporterName },
  };
}
