import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { exams, exportLinks, finishedReports, patients, requests } from '../../db/schema/index';

/** SQL of film links: the links, and what a link's public page reads of its request, exams, reports and patient. */
export class RequestLinksRepository {
  constructor(private readonly db: Database) {}

  /** True when the link is neither revoked nor expired at `now` and its request is not deleted. */
  async isLive(linkId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: exportLinks.id })
      .from(exportLinks)
      .innerJoin(requests, eq(requests.id, exportLinks.requestId))
      .where(
        and(
          eq(exportLinks.id, linkId),
          isNull(exportLinks.revokedAt),
          gt(exportLinks.expiresAt, now),
          isNull(requests.deletedAt),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async link(linkId: string) {
    const [row] = await this.db.select().from(exportLinks).where(eq(exportLinks.id, linkId)).limit(1);
    return row;
  }

  /** The newest link of the request that still works at `now`. */
  async currentLink(requestId: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(exportLinks)
      .where(and(eq(exportLinks.requestId, requestId), isNull(exportLinks.revokedAt), gt(exportLinks.expiresAt, now)))
      .orderBy(desc(exportLinks.createdAt))
      .limit(1);
    return row;
  }

  async insertLink(values: typeof exportLinks.$inferInsert): Promise<void> {
    await this.db.insert(exportLinks).values(values);
  }

  async request(requestId: string) {
    const [row] = await this.db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
    return row;
  }

  async patient(patientId: string) {
    const [row] = await this.db.select().from(patients).where(eq(patients.id, patientId)).limit(1);
    return row;
  }

  /** The request's exams not deleted, by modality. */
  examsOfRequest(requestId: string) {
    return this.db
      .select()
      .from(exams)
      .where(and(eq(exams.requestId, requestId), isNull(exams.deletedAt)))
      .orderBy(asc(exams.modalityCode));
  }

  /** The newest finished report of each of these exams. */
  latestFinishedReports(examIds: string[]) {
    return this.db
      .selectDistinctOn([finishedReports.examId], { examId: finishedReports.examId, id: finishedReports.id })
      .from(finishedReports)
      .where(inArray(finishedReports.examId, examIds))
      .orderBy(finishedReports.examId, desc(finishedReports.versionNo));
  }

  /** A finished report of a live exam of the request, with the exam's patient and report audit status. */
  async finishedReportOfRequest(finishedReportId: string, requestId: string) {
    const [row] = await this.db
      .select({ examId: exams.id, patientId: exams.patientId, audit: exams.reportAuditStatus })
      .from(finishedReports)
      .innerJoin(exams, eq(exams.id, finishedReports.examId))
      .where(and(eq(finishedReports.id, finishedReportId), eq(exams.requestId, requestId), isNull(exams.deletedAt)))
      .limit(1);
    return row;
  }
}
