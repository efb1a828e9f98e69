import { createHash, randomBytes } from 'node:crypto';
import { effectivePermissions, isPermissionCode, isRoleName, ROLE_DEFAULTS, type PermissionCode } from '@rangsi/domain';
import { AttemptLimiter, type AttemptPolicy } from '../http/attempt-limiter';
import { th } from '../i18n/th';
import { authError } from './auth.errors';
import type { CurrentUser } from './current-user';
import type { UserAccountRow, UserAccounts } from './user-accounts';
import { burnPasswordCheck, verifyPassword } from './password';
import type { SessionRepository } from './session.repository';

/**
 * Failed logins slow the next attempt (decision sec42): per account and address a growing delay after 3 failures and
 * a 15-minute refusal after 10 (only that address is refused, so nobody can lock another person out); per address
 * over all accounts (password spraying) and per account over all addresses (a slow distributed guess) a delay.
 */
export const LOGIN_POLICIES = {
  accountAndAddress: {
    free: 3,
    baseDelayMs: 1_000,
    maxDelayMs: 5 * 60_000,
    lockAfter: 10,
    lockMs: 15 * 60_000,
    windowMs: 15 * 60_000,
  },
  address: {
    free: 20,
    baseDelayMs: 1_000,
    maxDelayMs: 15 * 60_000,
    lockAfter: 50,
    lockMs: 15 * 60_000,
    windowMs: 15 * 60_000,
  },
  account: { free: 20, baseDelayMs: 1_000, maxDelayMs: 30_000, windowMs: 15 * 60_000 },
} satisfies Record<string, AttemptPolicy>;

/** The Thai answer to a failed login (one message for an unknown user and a wrong password). */
export const BAD_CREDENTIALS = th.BAD_CREDENTIALS;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface LoginContext {
  ip: string | null;
  userAgent: string | null;
}

/** Login, logout and turning a session token into the current user. */
export class AuthService {
  constructor(
    private readonly users: UserAccounts,
    private readonly sessions: SessionRepository,
    private readonly ttlMs: number,
    private readonly now: () => Date = () => new Date(),
    private readonly limiter: AttemptLimiter = new AttemptLimiter(now),
  ) {}

  /**
   * Checks the credentials and opens a session; throws 401 with one generic message, 423 for an account an
   * administrator locked, or 429 (TooManyAttempts) while failures of this account or address make it wait.
   */
  async login(username: string, password: string, ctx: LoginContext): Promise<{ token: string; userId: string }> {
    const now = this.now();
    const account = username.trim().toLowerCase();
    const address = ctx.ip ?? 'unknown';
    // Reserved before the password is checked, so parallel guesses cannot overshoot the policy.
    const attempt = this.limiter.begin([
      { key: `login:pair:${account}\n${address}`, policy: LOGIN_POLICIES.accountAndAddress, clearOnSuccess: true },
      { key: `login:address:${address}`, policy: LOGIN_POLICIES.address },
      { key: `login:account:${account}`, policy: LOGIN_POLICIES.account, clearOnSuccess: true },
    ]);
    let user: UserAccountRow | undefined;
    let ok: boolean;
    try {
      user = await this.users.findByUsername(username);
      if (user?.lockedUntil && user.lockedUntil > now) {
        await burnPasswordCheck(password);
        attempt.cancelled();
        throw authError('LOCKED');
      }
      ok =
        user && user.isActive
          ? await verifyPassword(user.passwordHash, password)
          : (await burnPasswordCheck(password), false);
    } catch (err) {
      attempt.cancelled();
      throw err;
    }
    if (!ok || !user) {
      attempt.failed();
      // Kept for the record (who tried which name from where); the limiter decides the waits.
      await this.users.recordFailure(username, ctx.ip);
      throw authError('BAD_CREDENTIALS');
    }
    attempt.succeeded();
    const token = randomBytes(32).toString('base64url');
    await this.sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + this.ttlMs),
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
    });
    return { token, userId: user.id };
  }

  /** Re-confirms a signed-in user's own password before a sensitive change (spec §5 patient edit). */
  async confirmPassword(userId: string, password: string): Promise<boolean> {
    const profile = await this.users.findProfile(userId);
    return profile ? verifyPassword(profile.user.passwordHash, password) : false;
  }

  /** Revokes the session on the server so the token is dead even if a copy survives. */
  async logout(token: string): Promise<void> {
    await this.sessions.revoke(hashToken(token), this.now());
  }

  /** The user behind a live login session token, or null (a query token is never a login session). */
  async currentUser(token: string): Promise<CurrentUser | null> {
    const session = await this.sessions.findLive(hashToken(token), this.now());
    if (!session) return null;
    return this.userOf(session.userId, session.id);
  }

  /** An active user as the access checks see them, with no session of theirs (token principals start here). */
  userById(userId: string): Promise<CurrentUser | null> {
    return this.userOf(userId, '');
  }

  private async userOf(userId: string, sessionId: string): Promise<CurrentUser | null> {
    const profile = await this.users.findProfile(userId);
    if (!profile || !profile.user.isActive) return null;
    const u = profile.user;
    const role = u.roleName;
    if (!isRoleName(role)) return null;
    const added: PermissionCode[] = [];
    const removed: PermissionCode[] = [];
    for (const o of profile.overrides) {
      if (!isPermissionCode(o.permission)) continue;
      (o.granted ? added : removed).push(o.permission);
    }
    return {
      userId: u.id,
      username: u.username,
      displayName: u.displayName,
      email: u.email,
      lineName: profile.lineName,
      roleName: role,
      branchId: u.branchId,
      branchName: profile.branchName,
      hospitalId: u.hospitalId,
      clientIds: profile.clientIds,
      permissions: new Set(effectivePermissions(role, added, removed)),
      scope: ROLE_DEFAULTS[role].scope,
      sessionId,
      scopeExamId: null,
      token: null,
    };
  }
}
