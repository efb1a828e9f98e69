import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { branches, chatAccountLinks, chatAccountLoginAttempts, exams, hospitals } from '../../db/schema/index';

export type LoginAttempt = typeof chatAccountLoginAttempts.$inferSelect;
export type ChatAccountLink = typeof chatAccountLinks.$inferSelect;

/** What an assignment notice says of an exam: no patient name, no HN (decision ln06). */
export interface AssignedExamSummary {
  reviewerId: string | null;
  status: string;
  accessionNumber: string | null;
  modality: string | null;
  description: string;
  hospitalName: string | null;
  branchName: string | null;
  expectedAt: Date | null;
}

/** SQL of chat-account links and LINE Logins in progress; reads the exam an assignment notice is about. */
export class ChatAccountsRepository {
  constructor(private readonly db: Database) {}

  async startAttempt(values: typeof chatAccountLoginAttempts.$inferInsert, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Old attempts are cleared as new ones start: the table holds minutes of logins, never a history.
      await tx.delete(chatAccountLoginAttempts).where(lt(chatAccountLoginAttempts.expiresAt, now));
      await tx.insert(chatAccountLoginAttempts).values(values);
    });
  }

  /** Uses up the attempt of this state, only when it is this user's and session's, unused and alive. */
  async claimAttempt(
    stateHash: string,
    userId: string,
    sessionId: string,
    now: Date,
  ): Promise<LoginAttempt | undefined> {
    const [row] = await this.db
      .update(chatAccountLoginAttempts)
      .set({ usedAt: now })
      .where(
        and(
          eq(chatAccountLoginAttempts.stateHash, stateHash),
          eq(chatAccountLoginAttempts.userId, userId),
          eq(chatAccountLoginAttempts.sessionId, sessionId),
          isNull(chatAccountLoginAttempts.usedAt),
          gt(chatAccountLoginAttempts.expiresAt, now),
        ),
      )
      .returning();
    return row;
  }

  async linkOf(userId: string, db: Database = this.db): Promise<ChatAccountLink | undefined> {
    const [row] = await db.select().from(chatAccountLinks).where(eq(chatAccountLinks.userId, userId)).limit(1);
    return row;
  }

  /**
   * Links (or relinks) the user's account unless the LINE user is another user's: 'taken' then, nothing written. The
   * unique index decides a race between two users linking one LINE account at once.
   */
  async link(userId: string, lineUserId: string, displayName: string, now: Date): Promise<'linked' | 'taken'> {
    const rows = await this.db
      .insert(chatAccountLinks)
      .values({ userId, lineUserId, displayName, linkedAt: now })
      .onConflictDoUpdate({
        target: chatAccountLinks.userId,
        set: { lineUserId, displayName, linkedAt: now },
      })
      .returning({ userId: chatAccountLinks.userId })
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'chat_account_links_line_user_id_unique')) return [];
        throw err;
      });
    return rows.length ? 'linked' : 'taken';
  }

  async isLinkedToOther(lineUserId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: chatAccountLinks.userId })
      .from(chatAccountLinks)
      .where(eq(chatAccountLinks.lineUserId, lineUserId))
      .limit(1);
    return row !== undefined && row.userId !== userId;
  }

  async unlink(userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(chatAccountLinks)
      .where(eq(chatAccountLinks.userId, userId))
      .returning({ userId: chatAccountLinks.userId });
    return rows.length > 0;
  }

  async assignedExam(examId: string): Promise<AssignedExamSummary | undefined> {
    const [row] = await this.db
      .select({
        reviewerId: exams.reviewerId,
        status: exams.status,
        accessionNumber: exams.accessionNumber,
        modality: exams.modalityCode,
        description: exams.description,
        hospitalName: hospitals.name,
        branchName: branches.name,
        expectedAt: exams.expectedAt,
      })
      .from(exams)
      .leftJoin(hospitals, eq(hospitals.id, exams.hospitalId))
      .leftJoin(branches, eq(branches.id, exams.branchId))
      .where(eq(exams.id, examId))
      .limit(1);
    return row;
  }
}
