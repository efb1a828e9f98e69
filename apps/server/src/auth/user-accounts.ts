import type { userPermissions, users } from '../db/schema/index';

/** A user's row as authentication reads it. */
export type UserAccountRow = typeof users.$inferSelect;

/** A user with what a session is built from: the branch's name, permission overrides and a doctor's clients. */
export interface UserProfile {
  user: UserAccountRow;
  branchName: string | null;
  /** The linked chat (LINE) account's display name (decision ln01), or null. */
  lineName: string | null;
  overrides: (typeof userPermissions.$inferSelect)[];
  clientIds: number[];
}

/**
 * What authentication reads and writes of user accounts. The users module's repository answers it (wired in
 * app.ts), so auth depends on no module: users sits above auth (it hashes passwords with auth/password).
 */
export interface UserAccounts {
  findByUsername(username: string): Promise<UserAccountRow | undefined>;
  findProfile(userId: string): Promise<UserProfile | undefined>;
  recordFailure(username: string, ip: string | null): Promise<void>;
}
