import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  branches,
  chatAccountLinks,
  doctorClients,
  hospitals,
  loginFailures,
  userPermissions,
  users,
} from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** SQL for users, their permission overrides, clients and login failures. */
export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return row;
  }

  async findProfile(userId: string) {
    const [row] = await this.db
      .select({ user: users, branchName: branches.name, lineName: chatAccountLinks.displayName })
      .from(users)
      .leftJoin(branches, eq(branches.id, users.branchId))
      .leftJoin(chatAccountLinks, eq(chatAccountLinks.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return undefined;
    const [overrides, clients] = await Promise.all([
      this.db.select().from(userPermissions).where(eq(userPermissions.userId, userId)),
      this.db
        .select({ hospitalId: doctorClients.hospitalId })
        .from(doctorClients)
        .where(eq(doctorClients.userId, userId)),
    ]);
    return { ...row, overrides, clientIds: clients.map((c) => c.hospitalId) };
  }

  /** The id of the branch or hospital with this code. */
  async idByCode(kind: 'branch' | 'hospital', code: string): Promise<{ id: number } | undefined> {
    const table = kind === 'branch' ? branches : hospitals;
    const [row] = await this.db.select({ id: table.id }).from(table).where(eq(table.code, code)).limit(1);
    return row;
  }

  async insert(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async recordFailure(username: string, ip: string | null): Promise<void> {
    await this.db.insert(loginFailures).values({ username, ip });
  }

  async countRecentFailures(username: string, since: Date): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.username, username), gt(loginFailures.at, since)));
    return r?.n ?? 0;
  }

  async clearFailures(username: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.username, username));
  }

  async lockUntil(userId: string, until: Date): Promise<void> {
    await this.db.update(users).set({ lockedUntil: until }).where(eq(users.id, userId));
  }
}
