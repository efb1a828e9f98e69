import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';
import { JobQueue } from '../../jobs/job-queue';
import { defineDatabaseMaintenance } from './database-maintenance';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe(defineDatabaseMaintenance.name, () => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  let job: ReturnType<typeof defineDatabaseMaintenance>;

  beforeAll(async () => {
    database = await openTestDatabase();
    queue = new JobQueue(database.db, silent);
    job = defineDatabaseMaintenance(queue, database, silent);
    await queue.start({ workers: false });
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  const lastVacuum = async () => {
    const result = await database.db.execute(
      sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'exams'`,
    );
    return (result as { rows: { last_vacuum: unknown; last_analyze: unknown }[] }).rows[0];
  };

  it('vacuums and analyzes the embedded database; leaves PostgreSQL to its autovacuum', async () => {
    await job.send({});
    expect(await queue.drain({ only: ['database-maintenance'] })).toEqual({ ran: 1, failed: 0 });
    const after = await lastVacuum();
    if (database.engine === 'pglite') {
      expect(after?.last_vacuum).not.toBeNull();
      expect(after?.last_analyze).not.toBeNull();
    } else {
      expect(after?.last_vacuum ?? null).toBeNull();
    }
  });
});
