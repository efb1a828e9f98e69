import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { applyEmbeddedSchema } from './embedded-schema';
import { durableStartParams, makePgliteFsyncReal } from './pglite-fsync';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services use, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** True when the database had no migrations applied before this start (a brand-new database). */
  wasEmpty: boolean;
  /** The embedded engine itself (PGlite only): tests dump it as the template every test file starts from. */
  pglite?: PGlite;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests start every file from one migrated template). */
  loadDataDir?: Blob;
  migrate?: boolean;
}

/** Opens PostgreSQL when a URL is given, else PGlite under dataDir (in memory when dataDir is absent); applies migrations. */
export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.migrate !== false);
  return openPglite(opts, opts.migrate !== false);
}

async function hasMigrations(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const r = await query(
    "select 1 from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'",
  );
  return r.rows.length > 0;
}

async function openPostgres(url: string, migrate: boolean): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection closed by the server (restart, failover, a dropped test database) arrives as a pool
  // 'error' event; unhandled it would crash the process. The pool replaces the client on next use.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  const wasEmpty = !(await hasMigrations((s) => pool.query(s)));
  if (migrate) await migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder });
  return {
    db,
    engine: 'postgres',
    wasEmpty,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(opts: OpenOptions, migrate: boolean): Promise<DatabaseHandle> {
  let release: (() => void) | undefined;
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = takeLock(opts.dataDir);
  }
  try {
    const pgDir = opts.dataDir ? path.join(opts.dataDir, 'pg') : undefined;
    const client = await PGlite.create({
      dataDir: pgDir,
      loadDataDir: opts.loadDataDir,
      extensions: { pg_trgm },
      parsers: DRIZZLE_TEXT_TYPES,
      // On disk, a commit is flushed before it returns (decision D22); in memory there is nothing to flush.
      ...(pgDir ? { startParams: durableStartParams() } : {}),
    });
    if (pgDir && !makePgliteFsyncReal(client, pgDir)) {
      await client.close();
      throw new Error(
        'this PGlite version cannot flush its commits to disk (db/pglite-fsync.ts): refusing to run on it',
      );
    }
    const db = drizzlePglite(withoutQueryParsers(client), { schema, casing: 'snake_case' }) as unknown as Database;
    const wasEmpty = !(await hasMigrations((s) => client.query(s)));
    if (migrate) await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder });
    if (migrate || !wasEmpty) await applyEmbeddedSchema(client);
    return {
      db,
      engine: 'pglite',
      wasEmpty,
      pglite: client,
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        release?.();
      },
    };
  } catch (err) {
    release?.();
    throw err;
  }
}

/**
 * The types Drizzle asks PGlite to leave as text (timestamps, dates, intervals, numeric and their arrays), given to the
 * engine once. Drizzle passes them with every query instead, and PGlite merges them into its whole type-parser map
 * each time: a large object per query that went straight to the old generation and made the collector run a full
 * mark-compact every few hundred milliseconds while DICOM instances streamed in.
 */
const DRIZZLE_TEXT_TYPES = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    (value: string) => value,
  ]),
);

type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/** The client Drizzle sees: its per-query parsers dropped (the engine has them), in transactions too. */
function withoutQueryParsers<T extends Queryable>(target: T): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop === 'query') {
        return (query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
          t.query(query, params, options?.parsers ? { ...options, parsers: undefined } : options);
      }
      if (prop === 'transaction' && t.transaction) {
        const begin = t.transaction.bind(t);
        return <R>(fn: (tx: Queryable) => Promise<R>) => begin((tx) => fn(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/** PGlite does not lock its data directory; two processes on one directory corrupt it, so refuse the second. */
function takeLock(dir: string): () => void {
  const lockPath = path.join(dir, 'rangsi.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`The data directory ${dir} is in use by process ${pid}`);
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
