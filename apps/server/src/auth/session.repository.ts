import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/index';

const parent = alias(sessions, 'parent_session');

/** SQL for server-side sessions and the query tokens minted from them. */
export class SessionRepository {
  constructor(private readonly db: Database) {}

  async create(values: typeof sessions.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(sessions).values(values).returning({ id: sessions.id });
    return row!.id;
  }

  /** A live login session (never a query token: a token is not a session, whatever it is presented as). */
  async findLive(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.purpose),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /** A live login session by id, for minting a token from it. */
  async findLiveById(id: string, now: Date) {
    const [row] = await this.db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(eq(sessions.id, id), isNull(sessions.purpose), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
      )
      .limit(1);
    return row;
  }

  /**
   * A live query token: minted for a purpose, not revoked or expired, and — when minted from a login session — that
   * session still live, so a logout or an expired session ends every token it gave out.
   */
  async findLiveToken(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        purpose: sessions.purpose,
        scopeExamId: sessions.scopeExamId,
        parentSessionId: sessions.parentSessionId,
        linkId: sessions.linkId,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .leftJoin(parent, eq(parent.id, sessions.parentSessionId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNotNull(sessions.purpose),
          isNotNull(sessions.scopeExamId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          or(isNull(sessions.parentSessionId), and(isNull(parent.revokedAt), gt(parent.expiresAt, now))),
        ),
      )
      .limit(1);
    return row;
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }
}
