import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/index';

/** SQL for server-side sessions. */
export class SessionRepository {
  constructor(private readonly db: Database) {}

  async create(values: typeof sessions.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(sessions).values(values).returning({ id: sessions.id });
    return row!.id;
  }

  async findLive(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
}
