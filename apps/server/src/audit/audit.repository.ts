import type { Database } from '../db/client';
import { auditLog } from '../db/schema/index';

/** The audit log's one write: a row appended (the log is append-only; the search reads it in audit.routes). */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async append(row: typeof auditLog.$inferInsert): Promise<void> {
    await this.db.insert(auditLog).values(row);
  }
}
