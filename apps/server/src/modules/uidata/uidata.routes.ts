import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuItemSchema, SiteConfigSchema, envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { UidataService } from './uidata.service';

/** GET /api/uidata/* (spec §7 UI data and lookups). */
export function uidataRoutes(service: UidataService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/uidata/menu',
      {
        config: { access: { permission: 'authenticated', scope: 'self' } },
        schema: { response: { 200: envelope(z.array(MenuItemSchema)) }, tags: ['uidata'] },
      },
      async (request) => ({ success: true, data: await service.menuFor(requireUser(request)) }),
    );

    r.get(
      '/api/uidata/site',
      {
        config: { access: { permission: 'authenticated', scope: 'none' } },
        schema: { response: { 200: envelope(SiteConfigSchema) }, tags: ['uidata'] },
      },
      async () => ({ success: true, data: await service.site() }),
    );
  };
}
