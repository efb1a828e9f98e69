import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../http/domain-error';
import type { RouteAccess } from '../http/route-access';
import type { AuthService } from './auth.service';

export const SESSION_COOKIE = 'rangsi_session';

/** Reads the signed session cookie; null for none, a forged signature, or a dead session. */
export async function userFromRequest(app: FastifyInstance, auth: AuthService, request: FastifyRequest) {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = app.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  return auth.currentUser(unsigned.value);
}

/** An exam-scoped link token from `?token=` (viewer, Weasis, CD helper); only such tokens are accepted there. */
async function userFromQueryToken(auth: AuthService, request: FastifyRequest) {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
  const user = await auth.currentUser(token);
  return user?.scopeExamId ? user : null;
}

/** Session token from the cookie, if its signature is good. */
export function sessionToken(app: FastifyInstance, request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = app.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** Enforces each route's declared access before its handler runs. */
export function registerAccessGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access: RouteAccess | undefined = request.routeOptions.config.access;
    // Routes without a declaration are refused outright (and a test fails for them); 404 handler has no route.
    if (!access) {
      if (request.routeOptions.url === undefined) return;
      throw new DomainError(403, 'ไม่มีสิทธิ์ใช้งานส่วนนี้', 'UNDECLARED_ROUTE');
    }
    if (access.permission === 'public') return;
    const linkScoped = access.scope === 'exam' || access.scope === 'dicom';
    const user = (await userFromRequest(app, auth, request)) ?? (linkScoped ? await userFromQueryToken(auth, request) : null);
    if (!user) throw new DomainError(401, 'กรุณาเข้าสู่ระบบ', 'UNAUTHORIZED');
    request.user = user;
    // Link tokens (viewer, Weasis, CD helper) open one exam's images and nothing else.
    if (user.scopeExamId && ((access.scope !== 'exam' && access.scope !== 'dicom') || (request.method !== 'GET' && request.method !== 'HEAD'))) {
      throw new DomainError(403, 'ไม่มีสิทธิ์ใช้งานส่วนนี้', 'FORBIDDEN');
    }
    if (access.permission === 'authenticated') return;
    const allowed = [access.permission, ...(access.anyOf ?? [])];
    if (!allowed.some((p) => user.permissions.has(p))) {
      throw new DomainError(403, 'ไม่มีสิทธิ์ใช้งานส่วนนี้', 'FORBIDDEN');
    }
  });
}

/** The signed-in user of a guarded route (the guard has already refused anonymous calls). */
export function requireUser(request: FastifyRequest) {
  if (!request.user) throw new DomainError(401, 'กรุณาเข้าสู่ระบบ', 'UNAUTHORIZED');
  return request.user;
}
