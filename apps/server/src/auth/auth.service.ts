import { createHash, randomBytes } from 'node:crypto';
import { effectivePermissions, isPermissionCode, isRoleName, ROLE_DEFAULTS, type PermissionCode } from '@rangsi/domain';
import { DomainError } from '../http/domain-error';
import type { UsersRepository } from '../modules/users/users.repository';
import type { CurrentUser } from './current-user';
import { burnPasswordCheck, verifyPassword } from './password';
import type { SessionRepository } from './session.repository';

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;

/** One message for an unknown user and a wrong password, so neither can be told apart. */
export const BAD_CREDENTIALS = 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง';
export const LOCKED = 'บัญชีนี้ถูกระงับชั่วคราวเนื่องจากเข้าสู่ระบบไม่สำเร็จหลายครั้ง กรุณาลองใหม่ภายหลัง 15 นาที';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface LoginContext { ip: string | null; userAgent: string | null }

/** Login, logout and turning a session token into the current user. */
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionRepository,
    private readonly ttlMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Checks the credentials and opens a session; throws 401 or 423 (locked) with one generic message. */
  async login(username: string, password: string, ctx: LoginContext): Promise<{ token: string; userId: string }> {
    const now = this.now();
    const user = await this.users.findByUsername(username);
    const recent = await this.users.countRecentFailures(username, new Date(now.getTime() - LOCKOUT_WINDOW_MS));
    const locked = (user?.lockedUntil && user.lockedUntil > now) || (!user && recent >= LOCKOUT_FAILURES);
    if (locked) {
      await burnPasswordCheck(password);
      throw new DomainError(423, LOCKED, 'LOCKED');
    }
    const ok = user && user.isActive ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
    if (!ok || !user) {
      await this.users.recordFailure(username, ctx.ip);
      if (user && recent + 1 >= LOCKOUT_FAILURES) {
        await this.users.lockUntil(user.id, new Date(now.getTime() + LOCKOUT_DURATION_MS));
      }
      throw new DomainError(401, BAD_CREDENTIALS, 'BAD_CREDENTIALS');
    }
    if (recent > 0) await this.users.clearFailures(username);
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
      lineName: u.lineName,
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
