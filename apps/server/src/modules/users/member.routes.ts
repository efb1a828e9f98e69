import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LogOnInputSchema, MeSchema, envelope } from '@rangsi/contract';
import { safeReturnUrl } from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import { TooManyAttempts } from '../../http/attempt-limiter';
import { DomainError } from '../../http/domain-error';
import type { AuthService } from '../../auth/auth.service';
import { SESSION_COOKIE, requireUser, sessionToken } from '../../auth/auth.plugin';

export interface MemberRoutesDeps {
  auth: AuthService;
  audit: AuditService;
  ttlMs: number;
  cookieSecure: 'true' | 'false' | 'auto';
}

/** A classic HTML form post wants a redirect; fetch() with JSON wants the envelope. */
function wantsRedirect(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** Login and logout (spec §1 access rule) and the claims of the signed-in user. */
export function memberRoutes(deps: MemberRoutesDeps) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    // The logon page posts a classic HTML form (spec §1); only this plugin's routes parse form bodies (decision sec40).
    await app.register(fastifyFormbody);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/Member/LogOn',
      {
        config: { access: { permission: 'public', scope: 'none' } },
        schema: {
          body: LogOnInputSchema,
          response: { 200: envelope(z.object({ returnUrl: z.string() })) },
          tags: ['auth'],
        },
      },
      async (request, reply) => {
        const body = request.body;
        const returnUrl = safeReturnUrl(body.returnUrl ?? body.ReturnUrl);
        try {
          const { token, userId } = await deps.auth.login(body.username, body.password, {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
          });
          reply.setCookie(SESSION_COOKIE, token, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: deps.cookieSecure === 'auto' ? request.protocol === 'https' : deps.cookieSecure === 'true',
            signed: true,
            maxAge: Math.floor(deps.ttlMs / 1000),
          });
          await deps.audit.record(
            request,
            { action: 'login', entityType: 'user', entityId: userId },
            { userId, username: body.username },
          );
          if (wantsRedirect(request)) return reply.redirect(returnUrl, 303);
          return { success: true, data: { returnUrl } };
        } catch (err) {
          if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfterSeconds));
          if (err instanceof DomainError && wantsRedirect(request)) {
            const q = new URLSearchParams({ ReturnUrl: returnUrl, error: err.code });
            return reply.redirect(`/Member/LogOn?${q.toString()}`, 303);
          }
          throw err;
        }
      },
    );

    r.post(
      '/Member/LogOff',
      {
        config: { access: { permission: 'public', scope: 'none' } },
        schema: { tags: ['auth'] },
      },
      async (request, reply) => {
        const token = sessionToken(app, request);
        if (token) await deps.auth.logout(token);
        clearAllCookies(request, reply);
        if (wantsRedirect(request) || request.headers.accept?.includes('text/html'))
          return reply.redirect('/Member/LogOn', 303);
        return { success: true };
      },
    );

    r.get(
      '/api/me',
      {
        config: { access: { permission: 'authenticated', scope: 'self' } },
        schema: { response: { 200: envelope(MeSchema) }, tags: ['auth'] },
      },
      async (request) => {
        const u = requireUser(request);
        return {
          success: true,
          data: {
            userId: u.userId,
            username: u.username,
            permissions: [...u.permissions].sort(),
            displayName: u.displayName,
            email: u.email,
            lineName: u.lineName,
            roleName: u.roleName,
            branchName: u.branchName,
            branchId: u.branchId,
          },
        };
      },
    );
  };
}

/** Spec §1: log out clears all cookies, not only the session one. */
function clearAllCookies(request: FastifyRequest, reply: FastifyReply): void {
  for (const name of Object.keys(request.cookies)) reply.clearCookie(name, { path: '/' });
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
