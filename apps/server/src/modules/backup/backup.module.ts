import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuditService } from '../../audit/audit.service';
import type { DatabaseHandle } from '../../db/client';
import { JobError, type JobQueue } from '../../jobs/job-queue';
import { BackupRepository } from './backup.repository';
import { backupRoutes } from './backup.routes';
import { BackupBusyError, BackupService, type BackupLog } from './backup.service';
import { startControlSocket, type ControlSocket } from './control-socket';

export interface BackupModuleDeps {
  database: DatabaseHandle;
  /** The nightly job is defined now, so this is called before the queue starts. */
  jobs: JobQueue;
  audit: AuditService;
  config: {
    DATA_DIR: string;
    BACKUP_DIR?: string;
    BACKUP_KEEP: number;
    BACKUP_CRON: string;
    FILE_STORE: 'local' | 's3';
  };
  now: () => Date;
  log: BackupLog;
}

/** The backup folder: BACKUP_DIR, or DATA_DIR/backups. */
export function backupDirOf(config: { DATA_DIR: string; BACKUP_DIR?: string }): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));
}

/**
 * Backups, wired: the service, the nightly job (BACKUP_CRON, Asia/Bangkok), the admin routes, and the local control
 * socket for `npm run backup`, opened once the server listens (tests that only inject never open one).
 */
export function backupModule(deps: BackupModuleDeps): {
  service: BackupService;
  plugin: (app: FastifyInstance) => Promise<void>;
} {
  const service = new BackupService({
    pglite: deps.database.engine === 'pglite' ? deps.database.pglite : undefined,
    repo: new BackupRepository(deps.database.db),
    dataDir: path.resolve(deps.config.DATA_DIR),
    backupDir: backupDirOf(deps.config),
    keep: deps.config.BACKUP_KEEP,
    fileStore: deps.config.FILE_STORE,
    now: deps.now,
    log: deps.log,
  });
  if (service.supported) {
    deps.jobs.define({
      name: 'backup-nightly',
      payload: z.object({}),
      schedule: deps.config.BACKUP_CRON === 'off' ? undefined : deps.config.BACKUP_CRON,
      retryLimit: 2,
      retryDelaySeconds: 600,
      expireInSeconds: 6 * 3600,
      run: async () => {
        try {
          await service.run('nightly');
        } catch (err) {
          // Someone pressed "back up now" at the same moment: that archive serves tonight.
          if (err instanceof BackupBusyError) return;
          throw new JobError(`backup failed: ${(err as Error).name}`, 'BACKUP_FAILED');
        }
      },
    });
  }
  const plugin = async (app: FastifyInstance): Promise<void> => {
    let socket: ControlSocket | null = null;
    app.addHook('onListen', async () => {
      if (service.supported && !socket) socket = await startControlSocket(deps.config.DATA_DIR, service, deps.log);
    });
    app.addHook('onClose', async () => {
      await socket?.close();
    });
    await app.register(backupRoutes(service, deps.audit));
  };
  return { service, plugin };
}
