// EXPLAIN (ANALYZE, BUFFERS) of the SQL one request search runs, taken from the server's own service and repository
// code (a Drizzle logger records the statements while RequestsService.search runs), so the plans follow any change.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
// The server's current-user.ts augments fastify's request type: fastify must be in this program for tsc.
import type {} from 'fastify';
import pg from 'pg';
import type { AuditService } from '../../apps/server/src/audit/audit.service';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema/index';
import { RequestsRepository } from '../../apps/server/src/modules/requests/requests.repository';
import { RequestsService } from '../../apps/server/src/modules/requests/requests.service';
import type { RequestScenario } from './requests-load';
import { benchUser, type PlanNode, type PlanSummary, summarize } from './worklist-explain';

export interface RequestPlan extends PlanSummary {
  /** The text plan without its Output lines, for the console. */
  text: string[];
}

interface Captured { query: string; params: unknown[] }

/** A short name for a captured statement: the table of its outermost FROM (or "count" for a count). */
function statementName(query: string, i: number): string {
  let outer = query;
  for (let prev = ''; prev !== outer;) [prev, outer] = [outer, outer.replace(/\([^()]*\)/g, ' _ ')];
  const from = /\bfrom\s+"?(\w+)"?/i.exec(outer)?.[1] ?? '?';
  return `${i + 1}: ${/count\(\*\)/i.test(query) ? 'count' : from === '_' ? 'page' : from}`;
}

/**
 * Runs each scenario's search through RequestsService as the route does (its audit line left out), captures the
 * statements, then EXPLAIN (ANALYZE, BUFFERS) of each: once as text (which also warms the cache), then in JSON for
 * the summary. The server must be stopped first on PGlite (one process per data directory).
 */
export async function explainRequestSearches(target: { databaseUrl?: string; dataDir: string }, list: RequestScenario[]): Promise<{ version: string; plans: RequestPlan[] }> {
  const captured: Captured[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
  let db: Database;
  let raw: (text: string, params: unknown[]) => Promise<unknown[]>;
  let close: () => Promise<void>;
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 4 });
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
  const service = new RequestsService(new RequestsRepository(db), noAudit);
  const out: RequestPlan[] = [];
  let version = '?';
  try {
    const [v] = (await raw('show server_version', [])) as { server_version?: string }[];
    version = v?.server_version ?? '?';
    for (const s of list) {
      const user = await benchUser(raw, s.user);
      captured.length = 0;
      await service.search(user, s.body);
      for (const [i, c] of [...captured].entries()) {
        const textRows = (await raw(`explain (analyze, buffers) ${c.query}`, c.params)) as { 'QUERY PLAN': string }[];
        const [row] = (await raw(`explain (analyze, buffers, format json) ${c.query}`, c.params)) as { 'QUERY PLAN': unknown }[];
        const plan = (typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']) as
          { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
        out.push({
          ...summarize(s.id, statementName(c.query, i), plan[0]!),
          text: textRows.map((r) => r['QUERY PLAN']).filter((l) => !/^\s*Output:/.test(l)),
        });
      }
    }
  } finally {
    await close();
  }
  return { version, plans: out };
}
