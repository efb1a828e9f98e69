import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BackupListSchema, envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import type { AuditService } from '../../audit/audit.service';
import { say } from '../../http/request-language';
import { msg } from '../../i18n/catalogue';
import { backupError } from './backup.errors';
import type { BackupService } from './backup.service';

const ACCESS = { permission: 'USER_ADMIN', scope: 'none' } as const;

/** Admin backups: the list, and "back up now" (the archive is made in the background; the list shows it when done). */
export function backupRoutes(service: BackupService, audit: AuditService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/admin/backups',
      {
        config: { access: ACCESS },
        schema: { response: { 200: envelope(BackupListSchema) }, tags: ['admin'] },
      },
      async () => ({ success: true, data: { backups: await service.list(), ...service.status() } }),
    );

    r.post(
      '/api/admin/backup',
      {
        config: { access: ACCESS },
        schema: { response: { 202: envelope(z.object({ running: z.literal(true) })) }, tags: ['admin'] },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!service.supported) {
          throw backupError('BACKUP_UNSUPPORTED');
        }
        // A second press while one runs is told so; the running one carries on.
        if (service.status().running) throw backupError('BACKUP_RUNNING');
        // Its failure is logged and shown by the list (lastError); the request does not wait for a long copy.
        service.run('admin').catch(() => undefined);
        await audit.record(
          request,
          { action: 'BACKUP_START', entityType: 'backup' },
          { userId: user.userId, username: user.username },
        );
        return reply
          .code(202)
          .send({ success: true, message: say(request, msg('BACKUP_STARTED')), data: { running: true as const } });
      },
    );
  };
}
