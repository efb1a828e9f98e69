import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { JobHandle, JobLog, JobQueue } from '../../jobs/job-queue';
import type { DatabaseHandle } from '../../db/client';

/** Nightly, after the cold-archive sweep and before the working day (Asia/Bangkok). */
export const MAINTENANCE_SCHEDULE = '30 4 * * *';

/**
 * PostgreSQL runs autovacuum; the embedded database (PGlite, one connection, no background workers) never does, so
 * its planner had no statistics and its index-only scans no visibility map (worklist bench, WL notes). A nightly
 * `VACUUM (ANALYZE)` job gives it both. On PostgreSQL the job is defined but does nothing.
 */
export function defineDatabaseMaintenance(
  queue: JobQueue,
  database: Pick<DatabaseHandle, 'db' | 'engine'>,
  log: JobLog,
): JobHandle<Record<string, never>> {
  return queue.define({
    name: 'database-maintenance',
    payload: z.object({}).strict(),
    schedule: database.engine === 'pglite' ? MAINTENANCE_SCHEDULE : undefined,
    retryLimit: 1,
    expireInSeconds: 3600,
    run: async () => {
      if (database.engine !== 'pglite') return;
      const started = Date.now();
      await database.db.execute(sql`VACUUM (ANALYZE)`);
      log.info({ ms: Date.now() - started }, 'database vacuumed and analyzed');
    },
  });
}
