import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChatAccountSchema, envelope, LineCallbackQuerySchema } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { RouteAccess } from '../../auth/route-access';
import { DomainError } from '../../http/domain-error';
import { publicOrigin } from '../../http/public-origin';
import { say } from '../../http/request-language';
import { msg, render, type Message } from '../../i18n/catalogue';
import { callbackPage, CALLBACK_PAGE_CSP } from './callback-page';
import type { ChatAccountsService } from './chat-accounts.service';

/** A person's own session: a credential or a link token has no chat account to link. */
const ACCESS: RouteAccess = { permission: 'authenticated', scope: 'self', sessionOnly: true };
const tags = ['auth'];
export const CALLBACK_PATH = '/api/chat-account/line/callback';

/** The popup's pages: Thai with its English beside (the catalogue's Thai carries it), never cached. */
function page(reply: FastifyReply, status: number, result: 'linked' | 'refused', message: Message) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CALLBACK_PAGE_CSP)
    .send(callbackPage(result, render(message, 'th')));
}

/** Linking the user's LINE account (LINE Login: start, callback) and unlinking it. */
export function chatAccountsRoutes(service: ChatAccountsService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // The redirect URI LINE sends the user back to: PUBLIC_BASE_URL's origin when set, never a forged Host (sec43).
    const redirectUri = (request: Parameters<typeof publicOrigin>[0]) => `${publicOrigin(request)}${CALLBACK_PATH}`;

    r.get(
      '/api/chat-account/line/login',
      { config: { access: ACCESS }, schema: { tags, summary: 'Starts LINE Login (302 to LINE)' } },
      async (request, reply) => {
        try {
          const url = await service.startLogin(requireUser(request), redirectUri(request));
          return reply.header('cache-control', 'no-store').redirect(url, 302);
        } catch (err) {
          if (err instanceof DomainError) return page(reply, err.status, 'refused', err.userMessage);
          throw err;
        }
      },
    );

    r.get(
      CALLBACK_PATH,
      { config: { access: ACCESS }, schema: { querystring: LineCallbackQuerySchema, tags } },
      async (request, reply) => {
        try {
          const name = await service.completeLogin(requireUser(request), request.query, redirectUri(request));
          return page(reply, 200, 'linked', msg('CHAT_LINE_LINKED', { name }));
        } catch (err) {
          if (err instanceof DomainError) return page(reply, err.status, 'refused', err.userMessage);
          throw err;
        }
      },
    );

    r.post(
      '/api/chat-account/line/unlink',
      { config: { access: ACCESS }, schema: { response: { 200: envelope(ChatAccountSchema) }, tags } },
      async (request) => {
        await service.unlink(requireUser(request));
        return { success: true, message: say(request, msg('CHAT_LINE_UNLINKED')), data: { lineName: null } };
      },
    );
  };
}
