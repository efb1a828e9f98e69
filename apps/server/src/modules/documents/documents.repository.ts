import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents, users } from '../../db/schema/index';

/** SQL for uploaded documents and files. */
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
}
