// Plain SQL to a bench database, PostgreSQL server or PGlite in this process, outside the server's code: what the
// seeds, the expected answers and VACUUM ANALYZE use.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';

/** The two ways the bench talks SQL to a database (PostgreSQL server or PGlite in this process). */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Where a bench's database is: a PostgreSQL URL, or PGlite under dataDir (as the server opens it: DATA_DIR/pg). */
export interface BenchTarget {
  databaseUrl?: string;
  dataDir: string;
}

/** A connected client of the PostgreSQL server at `url`. */
export async function pgClient(url: string): Promise<SqlClient> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

/** A client over an open PGlite; closing it closes the PGlite. */
export function pgliteClient(db: PGlite): SqlClient {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** A SQL connection to the bench database; on PGlite only while the server is stopped (one process per directory). */
export async function sqlTo(target: BenchTarget): Promise<SqlClient> {
  if (target.databaseUrl) return pgClient(target.databaseUrl);
  const handle = await openDatabase({ dataDir: target.dataDir, migrate: false });
  return { ...pgliteClient(handle.pglite!), close: () => handle.close() };
}

/** VACUUM ANALYZE of a seeded database (for PGlite, the server must be stopped: one process per data directory). */
export async function vacuumAnalyze(target: BenchTarget): Promise<void> {
  const sql = await sqlTo(target);
  try {
    await sql.query('vacuum analyze');
  } finally {
    await sql.close();
  }
}

/** `s` with LIKE's wildcards (and the escape character) escaped, to match it literally inside a pattern. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
