import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedDemo, seedReference } from '../seed/index';

/** Small demo data: enough rows for every status and role, quick to load. */
export const TEST_SEED = { patients: 30, exams: 240, randomSeed: 7, accounting: false } as const;

/** Builds a migrated, seeded database to copy for every test file. */
export async function seedTemplate(handle: DatabaseHandle): Promise<void> {
  await seedReference(handle.db);
  await seedDemo(handle.db, TEST_SEED);
}

export const PG_TEMPLATE_DB = 'rangsi_test_template';

/** A PostgreSQL URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** On PostgreSQL: a fresh database copied from the seeded template; dropped by the returned close. */
export async function openPostgresCopy(adminUrl: string): Promise<DatabaseHandle> {
  const name = `rangsi_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await a.end();
    },
  };
}
