import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { ExamPatch, ExamStateWriter } from '../exams/exam-state';
import {
  branches,
  exams,
  finishedReports,
  hospitals,
  reportDrafts,
  reportTemplates,
  requests,
  users,
} from '../../db/schema/index';

export type FinishedReportRecord = typeof finishedReports.$inferSelect;
export type DraftRecord = typeof reportDrafts.$inferSelect & { updatedByName: string | null };
export type TemplateRecord = typeof reportTemplates.$inferSelect;

const reviewer = alias(users, 'reviewer');
const editor = alias(users, 'draft_editor');

/** Postgres unique violation, however the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface FinishWrite {
  examId: string;
  reportName: string;
  versionNo: number;
  row: Omit<typeof finishedReports.$inferInsert, 'examId' | 'reportName' | 'versionNo'>;
  /** The exam's columns a finished version sets; `version` and `updatedAt` are bumped here. */
  examPatch: ExamPatch;
  /** The audit outcome of the version being superseded, frozen on it. */
  previousAudit: { status: string; message: string | null } | null;
  event: { userId: string; userName: string; action: string; detail: string };
}

/** SQL of the radiology report: finished versions, the draft, templates, and what a report prints about its exam. */
export class ReportsRepository {
  constructor(
    private readonly db: Database,
    private readonly examState: Pick<ExamStateWriter, 'reportFinished'>,
  ) {}

  /** What the report prints and needs beyond the exam row: branch, client, reviewer, and the finished count. */
  async examContext(examId: string) {
    const [row] = await this.db
      .select({
        branchName: branches.name,
        branchNameEn: branches.nameEn,
        branchAddress: branches.address,
        branchPhone: branches.phone,
        reportAuditRequired: branches.reportAuditRequired,
        clientName: hospitals.name,
        reviewerName: reviewer.displayName,
        reviewerLicenseNo: reviewer.licenseNo,
        reportCount: sql<number>`(select count(*)::int from ${finishedReports} fr where fr.exam_id = ${exams.id})`,
        /** The request's additional fields: its clinical history and indication start the report (issue 26 item 10). */
        requestFields: requests.additionalFields,
      })
      .from(exams)
      .innerJoin(branches, eq(branches.id, exams.branchId))
      .leftJoin(requests, eq(requests.id, exams.requestId))
      .leftJoin(hospitals, eq(hospitals.id, exams.hospitalId))
      .leftJoin(reviewer, eq(reviewer.id, exams.reviewerId))
      .where(eq(exams.id, examId))
      .limit(1);
    return row;
  }

  async userSignature(userId: string): Promise<{ displayName: string; licenseNo: string | null } | undefined> {
    const [u] = await this.db
      .select({ displayName: users.displayName, licenseNo: users.licenseNo })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return u;
  }

  /** Finished versions of one report of an exam, oldest first. */
  listFinished(examId: string, reportName: string): Promise<FinishedReportRecord[]> {
    return this.db
      .select()
      .from(finishedReports)
      .where(and(eq(finishedReports.examId, examId), eq(finishedReports.reportName, reportName)))
      .orderBy(asc(finishedReports.versionNo));
  }

  async findFinished(examId: string, id: string): Promise<FinishedReportRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(finishedReports)
      .where(and(eq(finishedReports.id, id), eq(finishedReports.examId, examId)))
      .limit(1);
    return row;
  }

  async latestVersionNo(examId: string, reportName: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number | null>`max(${finishedReports.versionNo})` })
      .from(finishedReports)
      .where(and(eq(finishedReports.examId, examId), eq(finishedReports.reportName, reportName)));
    return Number(row?.n ?? 0);
  }

  /** A PDF rendered later (demo rows are seeded without one): recorded only if none was recorded meanwhile. */
  async setPdfKeyIfEmpty(id: string, key: string): Promise<boolean> {
    const rows = await this.db
      .update(finishedReports)
      .set({ pdfKey: key })
      .where(and(eq(finishedReports.id, id), eq(finishedReports.pdfKey, '')))
      .returning({ id: finishedReports.id });
    return rows.length > 0;
  }

  async getDraft(examId: string, reportName: string): Promise<DraftRecord | undefined> {
    const [row] = await this.db
      .select({ draft: reportDrafts, updatedByName: editor.displayName })
      .from(reportDrafts)
      .leftJoin(editor, eq(editor.id, reportDrafts.updatedBy))
      .where(and(eq(reportDrafts.examId, examId), eq(reportDrafts.reportName, reportName)))
      .limit(1);
    return row ? { ...row.draft, updatedByName: row.updatedByName } : undefined;
  }

  /**
   * Saves the draft only over the version the writer last saw (0: none yet); undefined when someone else saved in
   * between (or created it first).
   */
  async saveDraft(
    examId: string,
    reportName: string,
    seenVersion: number,
    content: Record<string, unknown>,
    userId: string,
  ): Promise<boolean> {
    if (seenVersion === 0) {
      const rows = await this.db
        .insert(reportDrafts)
        .values({ examId, reportName, content, updatedBy: userId, version: 1 })
        .onConflictDoNothing()
        .returning({ v: reportDrafts.version });
      return rows.length > 0;
    }
    const rows = await this.db
      .update(reportDrafts)
      .set({ content, updatedBy: userId, updatedAt: new Date(), version: sql`${reportDrafts.version} + 1` })
      .where(
        and(
          eq(reportDrafts.examId, examId),
          eq(reportDrafts.reportName, reportName),
          eq(reportDrafts.version, seenVersion),
        ),
      )
      .returning({ v: reportDrafts.version });
    return rows.length > 0;
  }

  /**
   * Stores a finished version in one transaction: the exam row is locked (two Finish calls queue here), the version
   * must be the next one (else 'conflict'), then the version row, the exam's report columns and log line, and the
   * draft is removed. The unique (exam, report name, version) index backs the check on every engine.
   */
  async finish(w: FinishWrite): Promise<FinishedReportRecord | 'conflict'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: exams.id })
          .from(exams)
          .where(and(eq(exams.id, w.examId), isNull(exams.deletedAt)))
          .for('update');
        if (!locked) return 'conflict' as const;
        const [latest] = await tx
          .select({ n: sql<number | null>`max(${finishedReports.versionNo})` })
          .from(finishedReports)
          .where(and(eq(finishedReports.examId, w.examId), eq(finishedReports.reportName, w.reportName)));
        if (Number(latest?.n ?? 0) + 1 !== w.versionNo) return 'conflict' as const;
        if (w.previousAudit && w.versionNo > 1) {
          await tx
            .update(finishedReports)
            .set({ auditStatus: w.previousAudit.status, auditMessage: w.previousAudit.message })
            .where(
              and(
                eq(finishedReports.examId, w.examId),
                eq(finishedReports.reportName, w.reportName),
                eq(finishedReports.versionNo, w.versionNo - 1),
              ),
            );
        }
        const [row] = await tx
          .insert(finishedReports)
          .values({ ...w.row, examId: w.examId, reportName: w.reportName, versionNo: w.versionNo })
          .onConflictDoNothing()
          .returning();
        if (!row) return 'conflict' as const;
        await this.examState.reportFinished(tx, w.examId, w.examPatch, { ...w.event, at: row.createdAt });
        await tx
          .delete(reportDrafts)
          .where(and(eq(reportDrafts.examId, w.examId), eq(reportDrafts.reportName, w.reportName)));
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return 'conflict';
      throw err;
    }
  }

  /** Shared templates of the modality (and those for any modality), and the user's own. */
  templatesFor(modalityCode: string, userId: string): Promise<TemplateRecord[]> {
    return this.db
      .select()
      .from(reportTemplates)
      .where(
        and(
          or(eq(reportTemplates.modalityCode, modalityCode), isNull(reportTemplates.modalityCode)),
          or(isNull(reportTemplates.ownerId), eq(reportTemplates.ownerId, userId)),
        ),
      )
      .orderBy(asc(reportTemplates.name));
  }

  async createTemplate(values: typeof reportTemplates.$inferInsert): Promise<TemplateRecord> {
    const [row] = await this.db.insert(reportTemplates).values(values).returning();
    return row!;
  }
}
