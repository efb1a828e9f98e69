import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import { AuthService } from '../../auth/auth.service';
import { SessionRepository } from '../../auth/session.repository';
import { TokenService, type IssueExamToken } from '../../auth/token.service';
import type { Database } from '../../db/client';
import { AttemptLimiter } from '../../http/attempt-limiter';
import { memberRoutes } from './member.routes';
import { UsersRepository } from './users.repository';

export interface UsersModuleDeps {
  db: Database;
  audit: AuditService;
  now: () => Date;
  /** SESSION_TTL_HOURS in milliseconds. */
  ttlMs: number;
  cookieSecure: 'true' | 'false' | 'auto';
}

/**
 * Users and their sign-in, wired: the auth service (sessions, passwords, lockout) on the users repository, the query
 * tokens, and the logon and logout routes. One count of failed guesses (passwords, film-link PINs) serves the process
 * (decision sec42).
 */
export function usersModule(deps: UsersModuleDeps) {
  const sessions = new SessionRepository(deps.db);
  const attempts = new AttemptLimiter(deps.now);
  const auth = new AuthService(new UsersRepository(deps.db), sessions, deps.ttlMs, deps.now, attempts);
  // Query tokens: a film link's work only while the link does (the requests module answers: setLinkCheck).
  const tokens = new TokenService({ sessions, auth, now: deps.now });
  const issueToken: IssueExamToken = (user, examId, purpose, ttl) => tokens.issueForPerson(user, examId, purpose, ttl);
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(memberRoutes({ auth, audit: deps.audit, ttlMs: deps.ttlMs, cookieSecure: deps.cookieSecure }));
  };
  return { auth, tokens, attempts, issueToken, plugin };
}
