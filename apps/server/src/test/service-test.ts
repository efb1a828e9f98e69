import { AuthService } from '../auth/auth.service';
import type { CurrentUser } from '../auth/current-user';
import { SessionRepository } from '../auth/session.repository';
import type { Database } from '../db/client';
import { DomainError } from '../http/domain-error';
import { UsersRepository } from '../modules/users/users.repository';

/**
 * A demo user (admin, staff, billing, hospital, doctor1 …) as a service sees them once signed in: role, permissions,
 * scope, branch and hospital read from the database the way the auth plugin reads them, for direct service tests.
 */
export async function currentUserNamed(db: Database, username: string): Promise<CurrentUser> {
  const users = new UsersRepository(db);
  const row = await users.findByUsername(username);
  if (!row) throw new Error(`no user ${username} in the test database`);
  const user = await new AuthService(users, new SessionRepository(db), 60_000).userById(row.id);
  if (!user) throw new Error(`user ${username} is not active`);
  return user;
}

/** The DomainError a service call refuses with (a call that succeeds, or fails otherwise, fails the test). */
export async function refusalOf(work: Promise<unknown>): Promise<DomainError> {
  const outcome = await work.then(
    () => new Error('expected a refusal, the call succeeded'),
    (e: unknown) => e,
  );
  if (!(outcome instanceof DomainError)) throw outcome;
  return outcome;
}
