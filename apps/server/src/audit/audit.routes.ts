import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditSearchQuerySchema, envelope } from '@rangsi/contract';
import type { AuditSearch } from './audit-search.repository';

/** GET /api/audit: the administrator's search of who read or changed patient data (permission AUDIT). */
export function auditRoutes(search: AuditSearch) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/audit',
      {
        // Scope 'none': the audit log is not patient data filtered by a data scope; AUDIT sees all of it.
        config: { access: { permission: 'AUDIT', scope: 'none' } },
        schema: { querystring: AuditSearchQuerySchema, response: { 200: envelope(AuditPageSchema) }, tags: ['audit'] },
      },
      async (req) => ({ success: true, data: await search.search(req.query) }),
    );
  };
}
