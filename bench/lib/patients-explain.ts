// EXPLAIN (ANALYZE, BUFFERS) of the SQL one patient search runs, taken from the server's own service and repository
// code (a Drizzle logger records the statements while PatientsService.search runs), so the plans follow any change.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
// The server's current-user.ts augments fastify's request type: fastify must be in this program for tsc.
import type {} from 'fastify';
import pg from 'pg';
import type { AuditService } from '../../apps/server/src/audit/audit.service';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema/index';
import { PatientsRepository } from '../../apps/server/src/modules/patients/patients.repository';
import { PatientsService } from '../../apps/server/src/modules/patients/patients.service';
import type { PatientScenario } from './patients-load';
import { benchUser, type PlanNode, type PlanSummary, summarize } from './worklist-explain';

export interface PatientPlan extends PlanSummary {
  /** The text plan without its Output lines, for the console. */
  text: string[];
}

interface Captured { query: string; params: unknown[] }

/**
 * Runs each scenario's search through PatientsService as the route does (its audit line left out), captures the
 * statements, then EXPLAIN (ANALYZE, BUFFERS) of each: once as text (which also warms the cache), then in JSON
 * for the summary. The server must be stopped first on PGlite (one process per data directory).
 */
export async function explainPatientSearches(target: { databaseUrl?: string; dataDir: string }, list: PatientScenario[]): Promise<{ version: string; plans: PatientPlan[] }> {
  const captured: Captured[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
  let db: Database;
  let raw: (text: string, params: unknown[]) => Promise<unknown[]>;
  let close: () => Promise<void>;
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 2 });
    db = drizzlePg(pool, { schema, casing: 'snake_case', logger });
    raw = async (text, params) => (await pool.query(text, params)).rows as unknown[];
    close = () => pool.end();
  } else {
    const handle = await openDatabase({ dataDir: target.dataDir, migrate: false });
    const client: PGlite = handle.pglite!;
    db = drizzlePglite(client, { schema, casing: 'snake_case', logger });
    raw = async (text, params) => (await client.query(text, params)).rows;
    close = () => handle.close();
  }

  const noAudit = { record: async () => undefined } as unknown as AuditService;
  const service = new PatientsService(new PatientsRepository(db), async () => false, noAudit);
  const out: PatientPlan[] = [];
  let version = '?';
  try {
    const [v] = (await raw('show server_version', [])) as { server_version?: string }[];
    version = v?.server_version ?? '?';
    for (const s of list) {
      const user = await benchUser(raw, s.user);
      captured.length = 0;
      await service.search(user, s.body);
      for (const [i, c] of [...captured].entries()) {
        const name = captured.length === 1 ? 'search' : `statement ${i + 1}`;
        const textRows = (await raw(`explain (analyze, buffers) ${c.query}`, c.params)) as { 'QUERY PLAN': string }[];
        const [row] = (await raw(`explain (analyze, buffers, format json) ${c.query}`, c.params)) as { 'QUERY PLAN': unknown }[];
        const plan = (typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']) as
          { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
        out.push({
          ...summarize(s.id, name, plan[0]!),
          text: textRows.map((r) => r['QUERY PLAN']).filter((l) => !/^\s*Output:/.test(l)),
        });
      }
    }
  } finally {
    await close();
  }
  return { version, plans: out };
}
