import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema/index';
import { createFileStore } from '../storage/create-file-store';
import { seedDemoDocuments } from './demo-documents';
import { seedDemo, seedReference } from './index';

/**
 * Reference data (menu, prefixes, lookups) is applied on every boot. Demo data is loaded when asked (SEED=demo) or,
 * by default, into a brand-new embedded database — never into a PostgreSQL server unless SEED=demo says so.
 */
export async function bootSeed(config: Config, database: DatabaseHandle): Promise<'demo' | 'reference'> {
  await seedReference(database.db);
  const wantDemo = config.SEED === 'demo' || (config.SEED === 'auto' && !config.DATABASE_URL && database.wasEmpty);
  if (!wantDemo) return 'reference';
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return 'reference'; // already has people: never mix demo users into real ones
  await seedDemo(database.db);
  // The requests' scanned forms need the file store, which the database seed does not have (issue 26 item 11).
  await seedDemoDocuments(database.db, createFileStore(config));
  return 'demo';
}
