import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/domain-error';
import { authError } from './auth.errors';
import type { RouteAccess } from './route-access';
import type { AuthService } from './auth.service';
import type { CurrentUser } from './current-user';
import type { TokenService } from './token.service';

export const SESSION_COOKIE = 'rangsi_session';

/** Reads the signed session cookie; null for none, a forged signature, or a dead session. */
export async function userFromRequest(app: FastifyInstance, auth: AuthService, request: FastifyRequest) {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = app.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  return auth.currentUser(unsigned.value);
}

/** The `?token=` of a request, when it has one that could be a token at all. */
function queryToken(request: FastifyRequest): string | null {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/** Session token from the cookie, if its signature is good. */
export function sessionToken(app: FastifyInstance, request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = app.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/**
 * The caller of a route: a query token where the route takes tokens and the request carries one (the token is the
 * narrower grant, and a film link opened in a browser that holds some other session must still act as the link),
 * else the session cookie. A live token on a route that does not list its purpose opens nothing: 403.
 */
async function callerOf(
  app: FastifyInstance,
  auth: AuthService,
  tokens: TokenService,
  request: FastifyRequest,
  access: RouteAccess,
): Promise<CurrentUser | null> {
  const token = queryToken(request);
  if (token && access.tokens?.length) {
    const principal = await tokens.principal(token);
    if (!principal) throw authError('TOKEN_EXPIRED');
    if (!access.tokens.includes(principal.token!.purpose) || (request.method !== 'GET' && request.method !== 'HEAD'))
      throw forbidden();
    return principal;
  }
  const user = await userFromRequest(app, auth, request);
  if (user || !token) return user;
  if (await tokens.principal(token)) throw forbidden();
  return null;
}

/**
 * Enforces each route's declared access when the request arrives, before its body is read or validated
 * (ARCHITECTURE §4 "Authenticate, then validate"): an anonymous caller gets 401 and a caller without the permission
 * 403, never a schema message.
 */
export function registerAccessGuard(app: FastifyInstance, auth: AuthService, tokens: TokenService): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access: RouteAccess | undefined = request.routeOptions.config?.access;
    // Routes without a declaration are refused outright (and a test fails for them); 404 handler has no route.
    if (!access) {
      if (request.routeOptions.url === undefined) return;
      throw authError('UNDECLARED_ROUTE');
    }
    if (access.permission === 'public') return;
    const user = await callerOf(app, auth, tokens, request, access);
    if (!user) throw unauthorized();
    request.user = user;
    // A film link's grant is the route's own list of token purposes; a person's token keeps its person's rights.
    if (access.permission === 'authenticated' || user.token?.purpose === 'link') return;
    const allowed = [access.permission, ...(access.anyOf ?? [])];
    if (!allowed.some((p) => user.permissions.has(p))) throw forbidden();
  });
}

/** The signed-in user of a guarded route (the guard has already refused anonymous calls). */
export function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}
