import { z } from 'zod';
import type { Database } from '../../db/client';
import { JobError, type JobContext, type JobLog, type JobQueue } from '../../jobs/job-queue';
import { pushText } from '../../integrations/line/line-messaging.client';
import { formatDateTime } from '../report-engine/format';
import type { AssignedExamSummary, ChatAccountsRepository } from './chat-accounts.repository';

export const ASSIGNMENT_NOTICE_JOB = 'line-assignment-notice';
export const NOTICE_RETRY_LIMIT = 5;

const Payload = z.object({ examId: z.string().uuid(), doctorId: z.string().uuid() });

/** What the exams module tells when an exam is assigned to a doctor, inside the assignment's transaction. */
export type ExamAssignedListener = (tx: Database, event: { examId: string; doctorId: string }) => Promise<void>;

/**
 * The notice a doctor's LINE gets (decision ln06): Thai first, English after; the exam's accession number, modality,
 * description, hospital and branch, expected date and its worklist link — never the patient's name or HN.
 */
export function assignmentNoticeText(e: AssignedExamSummary, publicBaseUrl: string | null): string {
  const place = [e.hospitalName, e.branchName].filter(Boolean).join(' / ');
  const lines = [
    'มีเคสใหม่มอบหมายให้คุณ (New case assigned to you)',
    `เลขที่ (Accession): ${e.accessionNumber ?? '-'}`,
    `ประเภท (Modality): ${e.modality ?? '-'}`,
    `รายการ (Description): ${e.description || '-'}`,
    `โรงพยาบาล/สาขา (Hospital/Branch): ${place || '-'}`,
    `กำหนดส่งผล (Expected): ${formatDateTime(e.expectedAt) || '-'}`,
  ];
  if (publicBaseUrl && e.accessionNumber)
    lines.push(`เปิดรายการ (Open): ${publicBaseUrl}/pacs#${encodeURIComponent(e.accessionNumber)}`);
  return lines.join('\n');
}

/**
 * Assignment notices over LINE's Messaging API (decision ln05): off unless a channel token is configured; a durable
 * job per assignment, sent in the assignment's transaction, pushed only to a linked doctor who still has the exam,
 * retried with back-off (LINE's retry key keeps a retry from doubling a message LINE already took).
 */
export function defineAssignmentNotice(deps: {
  queue: JobQueue;
  repo: ChatAccountsRepository;
  push: { apiUrl: string; channelToken: string } | null;
  publicBaseUrl: string | null;
  log: Pick<JobLog, 'info' | 'warn'>;
}): { examAssigned: ExamAssignedListener } {
  const { push } = deps;
  if (!push) return { examAssigned: async () => {} };
  const job = deps.queue.define({
    name: ASSIGNMENT_NOTICE_JOB,
    payload: Payload,
    retryLimit: NOTICE_RETRY_LIMIT,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    run: async (d, ctx: JobContext) => {
      const link = await deps.repo.linkOf(d.doctorId);
      const exam = await deps.repo.assignedExam(d.examId);
      // Unlinked, or the exam went to someone else (or back) before the notice left: nothing to tell.
      if (!link || !exam || exam.reviewerId !== d.doctorId || exam.status !== 'Assigned') return;
      const { outcome, status } = await pushText(
        push,
        link.lineUserId,
        assignmentNoticeText(exam, deps.publicBaseUrl),
        ctx.jobId,
      );
      if (outcome === 'sent') return;
      deps.log.warn({ examId: d.examId, status, attempt: ctx.attempt }, 'LINE assignment notice not sent');
      if (outcome === 'retry') throw new JobError(`LINE push answered ${status ?? 'nothing'}`, 'LINE_PUSH_FAILED');
    },
  });
  return {
    examAssigned: async (tx, event) => {
      // Only a linked doctor gets a job: an assignment to anyone else costs one indexed read.
      if (await deps.repo.linkOf(event.doctorId, tx)) await job.send(event, { tx });
    },
  };
}
