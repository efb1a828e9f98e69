import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents, requests, users } from '../../db/schema/index';

export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** SQL for uploaded documents and files (of exams, requests and patients): nothing else writes `documents`. */
export class DocumentsRepository {
  constructor(private readonly db: Database) {}

  async insert(values: typeof documents.$inferInsert) {
    const [row] = await this.db.insert(documents).values(values).returning();
    return row!;
  }

  listForExam(examId: string, kind: 'document' | 'file') {
    return this.db
      .select({ doc: documents, uploadBy: users.displayName })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(eq(documents.examId, examId), eq(documents.kind, kind), isNull(documents.deletedAt)))
      .orderBy(asc(documents.uploadedAt));
  }

  async findForExam(examId: string, documentId: string) {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.examId, examId), isNull(documents.deletedAt)))
      .limit(1);
    return row;
  }

  /** Uploads held for a request form become the request's on save (only the uploader's, only unattached ones). */
  async attachToRequest(tx: Database, ids: string[], requestId: string, uploadedBy: string): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(documents)
      .set({ requestId })
      .where(and(inArray(documents.id, ids), eq(documents.uploadedBy, uploadedBy), isNull(documents.requestId)));
  }

  /** A live document of a request. */
  async findForRequest(requestId: string, documentId: string): Promise<DocumentRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.requestId, requestId), isNull(documents.deletedAt)))
      .limit(1);
    return row;
  }

  /**
   * Live documents by id with their uploader's name, and whether their request (if any) is within `requestScope`
   * (`scoped` is null when it is not).
   */
  listByIds(ids: string[], requestScope: SQL) {
    return this.db
      .select({ doc: documents, uploadBy: users.displayName, scoped: requests.id })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .leftJoin(requests, and(eq(requests.id, documents.requestId), requestScope))
      .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
  }
}
