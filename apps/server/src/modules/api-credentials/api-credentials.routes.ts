import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiCredentialIdParamsSchema,
  ApiCredentialListSchema,
  ApiCredentialSchema,
  CreateApiCredentialInputSchema,
  CreatedApiCredentialSchema,
  envelope,
} from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { RouteAccess } from '../../auth/route-access';
import { say } from '../../http/request-language';
import { msg } from '../../i18n/catalogue';
import type { ApiCredentialsService } from './api-credentials.service';

/** A person's session with the user-administration right: no credential administers credentials (decision io50). */
const ACCESS: RouteAccess = { permission: 'USER_ADMIN', scope: 'none', sessionOnly: true };
const tags = ['admin'];

/** The administrator's API credentials: the list, a new one (its secret shown once), and revoking one. */
export function apiCredentialsRoutes(service: ApiCredentialsService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/admin/api-credentials',
      { config: { access: ACCESS }, schema: { response: { 200: envelope(ApiCredentialListSchema) }, tags } },
      async () => ({ success: true, data: await service.list() }),
    );

    r.post(
      '/api/admin/api-credentials',
      {
        config: { access: ACCESS },
        schema: { body: CreateApiCredentialInputSchema, response: { 201: envelope(CreatedApiCredentialSchema) }, tags },
      },
      async (request, reply) => {
        const created = await service.create(requireUser(request), request.body);
        // The secret must not sit in a cache or a proxy's log of answers.
        reply.header('cache-control', 'no-store');
        return reply
          .code(201)
          .send({ success: true, message: say(request, msg('API_CREDENTIAL_CREATED')), data: created });
      },
    );

    r.post(
      '/api/admin/api-credentials/:id/revoke',
      {
        config: { access: ACCESS },
        schema: { params: ApiCredentialIdParamsSchema, response: { 200: envelope(ApiCredentialSchema) }, tags },
      },
      async (request) => ({
        success: true,
        message: say(request, msg('API_CREDENTIAL_REVOKED')),
        data: await service.revoke(requireUser(request), request.params.id),
      }),
    );
  };
}
