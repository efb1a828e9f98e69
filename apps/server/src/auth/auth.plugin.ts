import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyAttempts } from '../http/attempt-limiter';
import { forbidden, unauthorized } from '../http/domain-error';
import { authError } from './auth.errors';
import { presentedCredential, type MachineCredentials } from './machine-credential';
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
 * Where an outside system's credential may act (decision io50): DICOMweb with Bearer or Basic (PACS that know only
 * Basic), the JSON API with Bearer; within its role's permissions, as a person of that role would. Never the pages,
 * the film link, the login, nor a route marked session-only.
 */
function credentialRoute(request: FastifyRequest, access: RouteAccess): { basic: boolean } | null {
  const url = request.routeOptions.url ?? '';
  if (access.sessionOnly) return null;
  if (url.startsWith('/dicomweb/')) return { basic: true };
  if (url.startsWith('/api/')) return { basic: false };
  return null;
}

/**
 * The caller behind an Authorization header where the route takes credentials: the header decides, whatever cookie
 * comes with it, and a bad one is 401 with a challenge. Elsewhere the header opens nothing: the session or token of
 * the request decides, and a live credential alone is 403.
 */
async function machineCaller(
  credentials: MachineCredentials,
  request: FastifyRequest,
  reply: FastifyReply,
  access: RouteAccess,
  fallback: () => Promise<CurrentUser | null>,
): Promise<CurrentUser | null> {
  const route = credentialRoute(request, access);
  const presented = presentedCredential(request.headers.authorization, route?.basic ?? false);
  if (presented === null) return fallback();
  if (!route) {
    const user = await fallback();
    if (user || presented === 'malformed') return user;
    const machine = await credentials.principal(presented, request.ip);
    if (!machine) return null;
    request.user = machine;
    throw authError('CREDENTIAL_NOT_HERE');
  }
  const machine = presented === 'malformed' ? null : await credentials.principal(presented, request.ip);
  if (!machine) {
    const basic = presented !== 'malformed' && presented.scheme === 'basic';
    reply.header('www-authenticate', basic ? 'Basic realm="Rangsi DICOMweb"' : 'Bearer error="invalid_token"');
    throw authError('CREDENTIAL_INVALID');
  }
  return machine;
}

/**
 * Enforces each route's declared access when the request arrives, before its body is read or validated
 * (ARCHITECTURE §4 "Authenticate, then validate"): an anonymous caller gets 401 and a caller without the permission
 * 403, never a schema message.
 */
export function registerAccessGuard(
  app: FastifyInstance,
  auth: AuthService,
  tokens: TokenService,
  credentials?: MachineCredentials,
): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access: RouteAccess | undefined = request.routeOptions.config?.access;
    // Routes without a declaration are refused outright (and a test fails for them); 404 handler has no route.
    if (!access) {
      if (request.routeOptions.url === undefined) return;
      throw authError('UNDECLARED_ROUTE');
    }
    if (access.permission === 'public') return;
    const personal = () => callerOf(app, auth, tokens, request, access);
    let user: CurrentUser | null;
    try {
      user = credentials ? await machineCaller(credentials, request, reply, access, personal) : await personal();
    } catch (err) {
      if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
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
