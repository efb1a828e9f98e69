import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** What pg-boss needs of a driver client: PGlite, a PGlite transaction, a pg Pool or a pg PoolClient. */
interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: several statements in one call (pg's query does that itself when there are no values). */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * The driver client under a Drizzle database or transaction. Drizzle keeps it on its session; both drivers we use
 * (drizzle-orm/pglite, drizzle-orm/node-postgres) name it `client`. Checked, so a Drizzle upgrade that moves it fails
 * loudly at start rather than sending jobs outside the transaction.
 */
export function rawClientOf(db: Database): RawClient {
  const client = (db._.session as unknown as { client?: Partial<RawClient> }).client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('jobs: cannot reach the database driver under Drizzle (drizzle-orm session without client)');
  }
  return client as RawClient;
}

/**
 * pg-boss's `db: { executeSql }` adapter on our own connection, so jobs live in the same database and, given a
 * transaction, are sent inside it: kept on commit, dropped on rollback. On PGlite (one connection) this is also the
 * only correct way: a job sent on the outer connection while a transaction is open would wait for it forever.
 */
export function bossDb(db: Database): PgBoss.Db {
  const client = rawClientOf(db);
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && typeof client.exec === 'function') {
        // pg-boss's schema and its maintenance commands are several statements, some wrapped in BEGIN … COMMIT.
        try {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (err) {
          // A failed statement inside BEGIN … COMMIT leaves PGlite's only connection in an aborted transaction.
          if (/\bBEGIN\b/.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }
      return client.query(text, values);
    },
  };
}
