import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog, dicomStudies, exams, requests } from '../db/schema/index';

/**
 * The audit log's one write (a row appended: the log is append-only; audit-search.repository reads it), and the
 * patient an audited read is about.
 */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async append(row: typeof auditLog.$inferInsert): Promise<void> {
    await this.db.insert(auditLog).values(row);
  }

  async patientOfStudy(studyInstanceUid: string): Promise<string | null> {
    const [row] = await this.db
      .select({ patientId: exams.patientId })
      .from(dicomStudies)
      .innerJoin(exams, eq(exams.id, dicomStudies.examId))
      .where(eq(dicomStudies.studyInstanceUid, studyInstanceUid))
      .limit(1);
    return row?.patientId ?? null;
  }

  async patientOfExam(examId: string): Promise<string | null> {
    const [row] = await this.db.select({ patientId: exams.patientId }).from(exams).where(eq(exams.id, examId)).limit(1);
    return row?.patientId ?? null;
  }

  async patientOfRequest(requestId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ patientId: requests.patientId })
      .from(requests)
      .where(eq(requests.id, requestId))
      .limit(1);
    return row?.patientId ?? null;
  }
}
