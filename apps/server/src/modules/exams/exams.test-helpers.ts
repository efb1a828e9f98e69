import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { exams, users } from '../../db/schema/index';

/** Finds a demo exam matching a condition (tests pick real seeded rows rather than hard-coding ids). */
export async function findExam(db: Database, ...where: SQL[]) {
  const [row] = await db
    .select()
    .from(exams)
    .where(and(isNull(exams.deletedAt), ...where))
    .orderBy(exams.examDate)
    .limit(1);
  if (!row) throw new Error('no demo exam matches');
  return row;
}

export async function userId(db: Database, username: string): Promise<string> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  if (!u) throw new Error(`no user ${username}`);
  return u.id;
}

/** One integer from a query whose single column is named n. */
export async function countOf(db: Database, query: SQL): Promise<number> {
  const result: unknown = await db.execute(query);
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

export { and, eq, isNotNull, isNull, sql };
