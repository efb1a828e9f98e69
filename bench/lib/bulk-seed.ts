// What the bulk seeds (worklist, patients, requests) share: the deterministic hash expressions their SQL draws with,
// the demo seed before the bulk rows, secondary indexes off during the load and rebuilt after it, and the closing
// VACUUM ANALYZE.
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/seed/index';
import { pgClient, pgliteClient, type BenchTarget, type SqlClient } from './sql-client';

/** A string as a SQL literal. */
export const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** A deterministic number in [0, n) from the row number g and a stream k (hashint4extended is PostgreSQL 11+). */
export const pick = (g: string, k: number, n: string | number) =>
  `((hashint4extended(${g}, ${k}) & 2147483647) % ${n})`;
/**
 * A deterministic UUID from a text expression, shaped as version 4 (RFC 9562: version nibble 4, variant 10xx), so
 * contracts that validate ids as UUIDs take it as they take gen_random_uuid()'s.
 */
export const uuid4 = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
/** A deterministic number in [0, 1) from the row number g and a stream k. */
export const unit = (g: string, k: number) => `((hashint4extended(${g}, ${k}) & 2147483647)::float8 / 2147483648.0)`;

/**
 * The CASE arms that give a bulk exam its status as the demo's workflow goes: Arrived without a reader (`reviewer`);
 * older than three days (`at`) nearly all reported; newer ones still in the workflow. `r` is the exam's unit draw.
 */
export function examStatusArms(at: string, r: string, reviewer: string): string {
  return `when ${reviewer} is null then 'Arrived'
          when ${at} < now() - interval '3 days' then
            case when ${r} < 0.96 then 'Completed' when ${r} < 0.98 then 'Rejected' else 'Accepted' end
          else case when ${r} < 0.15 then 'Arrived' when ${r} < 0.40 then 'Assigned' when ${r} < 0.60 then 'Accepted'
                    when ${r} < 0.97 then 'Completed' else 'Rejected' end`;
}

/** A step's log line with the seconds since `t0`: `  what (1.2 s)`. */
export type StepLog = (what: string, t0: number) => void;

/** The StepLog that writes through `log`. */
export function stepLogger(log: (line: string) => void): StepLog {
  return (what, t0) => log(`  ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

type DemoCounts = Awaited<ReturnType<typeof seedDemo>>['counts'];

/**
 * Migrates the empty database at `target` and loads the demo seed (logging both steps, the demo's with `describe`),
 * then answers a SQL client for the bulk load (maintenance_work_mem raised for the index builds); closing it closes
 * PGlite and releases the data directory for the server.
 */
export async function openWithDemoSeed(
  target: BenchTarget,
  step: StepLog,
  describe: (counts: DemoCounts) => string,
): Promise<SqlClient> {
  let t = Date.now();
  const handle = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  step('migrations applied', t);
  try {
    t = Date.now();
    const demo = await seedDemo(handle.db);
    step(`demo seed: ${describe(demo.counts)}`, t);
  } catch (err) {
    await handle.close();
    throw err;
  }
  let sql: SqlClient;
  if (target.databaseUrl) {
    await handle.close();
    sql = await pgClient(target.databaseUrl);
  } else {
    // Closing the handle closes PGlite and releases the data directory's lock for the server.
    sql = { ...pgliteClient(handle.pglite!), close: () => handle.close() };
  }
  try {
    await sql.query(`set maintenance_work_mem = '${target.databaseUrl ? '512MB' : '128MB'}'`);
  } catch (err) {
    await sql.close();
    throw err;
  }
  return sql;
}

/** A secondary index as pg_indexes defines it. */
export interface IndexDefinition {
  indexname: string;
  indexdef: string;
}

/** Drops the secondary indexes (not those behind a constraint) of `tables` and answers their definitions. */
export async function dropSecondaryIndexes(sql: SqlClient, tables: readonly string[]): Promise<IndexDefinition[]> {
  const indexes = await sql.query<IndexDefinition>(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${tables.map(sqlText).join(', ')})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const ix of indexes) await sql.query(`drop index "${ix.indexname}"`);
  return indexes;
}

/** Builds the dropped indexes again from their definitions, one timed step each. */
export async function rebuildIndexes(
  sql: SqlClient,
  indexes: readonly IndexDefinition[],
  step: StepLog,
): Promise<void> {
  for (const ix of indexes) {
    const t = Date.now();
    await sql.query(ix.indexdef);
    step(`index ${ix.indexname}`, t);
  }
}

/** VACUUM ANALYZE after the load, timed; with `vacuum` false only says it was left out (a database without maintenance). */
export async function vacuumAfterLoad(
  sql: SqlClient,
  vacuum: boolean,
  step: StepLog,
  log: (line: string) => void,
): Promise<void> {
  if (!vacuum) {
    log('  no VACUUM ANALYZE (as a database without maintenance)');
    return;
  }
  const t = Date.now();
  await sql.query('vacuum analyze');
  step('vacuum analyze', t);
}
