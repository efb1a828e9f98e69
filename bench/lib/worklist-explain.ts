// EXPLAIN ANALYZE of the SQL one worklist search runs, taken from the server's own repository code (a Drizzle
// logger records the statements while the repository runs them), so the plans follow any change to that code.
import { PGlite } from '@electric-sql/pglite';
import { ROLE_DEFAULTS, type RoleName } from '@rangsi/domain';
import type { ExamSearch } from '@rangsi/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
// The server's current-user.ts augments fastify's request type: fastify must be in this program for tsc.
import type {} from 'fastify';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { CurrentUser } from '../../apps/server/src/auth/current-user';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema/index';
import { examScopeCondition } from '../../apps/server/src/modules/exams/exam-scope';
import { ExamsRepository } from '../../apps/server/src/modules/exams/exams.repository';
import type { Scenario } from './worklist-load';

export interface PlanSummary {
  scenario: string;
  /** page, count, clients (a doctor's tab counts), rows (hydrating the page). */
  query: string;
  /** The plan's shape from the top, e.g. "Limit → Index Only Scan Backward". */
  shape: string;
  /** Every index or table scan: "exams_branch_date_idx (Index Only Scan Backward, 2,713 rows)". */
  scans: string[];
  executionMs: number;
  planningMs: number;
  buffers: string;
}

interface Captured { query: string; params: unknown[] }

export interface PlanNode {
  'Node Type': string;
  'Scan Direction'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/**
 * Runs each scenario's search through ExamsRepository as ExamsService does (conditions with the user's scope,
 * the page of ids and the count, a doctor's per-client counts, the rows of the page), then EXPLAIN (ANALYZE,
 * BUFFERS) of every statement, twice, keeping the second (warm) run. The server must be stopped first on PGlite.
 */
export async function explainScenarios(target: { databaseUrl?: string; dataDir: string }, list: Scenario[]): Promise<{ version: string; plans: PlanSummary[] }> {
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

  const out: PlanSummary[] = [];
  let version = '?';
  try {
    const [v] = (await raw('show server_version', [])) as { server_version?: string }[];
    version = v?.server_version ?? '?';
    const repo = new ExamsRepository(db);
    for (const s of list) {
      const user = await benchUser(raw, s.user);
      const f = s.body as ExamSearch;
      const base = repo.searchConditions(f, examScopeCondition(user));
      captured.length = 0;
      const { ids } = await repo.searchPage(base, 1);
      const names = ['page', 'count'];
      if (user.roleName === 'Doctor') {
        await repo.openCountsByClient(base);
        names.push('clients');
      }
      await repo.hydrate(ids);
      if (ids.length > 0) names.push('rows');
      const statements = [...captured];
      for (const [i, c] of statements.entries()) {
        const text = `explain (analyze, buffers, format json) ${c.query}`;
        await raw(text, c.params);
        const [row] = (await raw(text, c.params)) as { 'QUERY PLAN': unknown }[];
        const plan = (typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']) as
          { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
        out.push(summarize(s.id, names[i] ?? `statement ${i + 1}`, plan[0]!));
      }
    }
  } finally {
    await close();
  }
  return { version, plans: out };
}

export async function benchUser(raw: (text: string, params: unknown[]) => Promise<unknown[]>, username: string): Promise<CurrentUser> {
  const [u] = (await raw('select id, role_name, branch_id, hospital_id, display_name, email from users where username = $1', [username])) as
    { id: string; role_name: RoleName; branch_id: number | null; hospital_id: number | null; display_name: string; email: string }[];
  if (!u) throw new Error(`no user ${username}`);
  const role = ROLE_DEFAULTS[u.role_name];
  return {
    userId: u.id, username, displayName: u.display_name, email: u.email, lineName: null, roleName: u.role_name,
    branchId: u.branch_id, branchName: null, hospitalId: u.hospital_id, clientIds: [],
    permissions: new Set(role.permissions), scope: role.scope, sessionId: 'bench', scopeExamId: null,
  };
}

export function summarize(scenario: string, query: string, explained: { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }): PlanSummary {
  const shape: string[] = [];
  for (let n: PlanNode | undefined = explained.Plan; n && shape.length < 4; n = n.Plans?.[0]) shape.push(nodeName(n));
  const scans = new Map<string, { rows: number; loops: number }>();
  const walk = (n: PlanNode) => {
    if (n['Index Name'] || n['Node Type'].endsWith('Scan')) {
      const key = `${n['Index Name'] ?? n['Relation Name'] ?? '?'} (${nodeName(n)}${n['Heap Fetches'] ? `, ${n['Heap Fetches']} heap fetches` : ''})`;
      const seen = scans.get(key) ?? { rows: 0, loops: 0 };
      const loops = n['Actual Loops'] ?? 1;
      scans.set(key, { rows: seen.rows + (n['Actual Rows'] ?? 0) * loops, loops: seen.loops + loops });
    }
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(explained.Plan);
  const hit = explained.Plan['Shared Hit Blocks'] ?? 0;
  const read = explained.Plan['Shared Read Blocks'] ?? 0;
  return {
    scenario,
    query,
    shape: shape.join(' → '),
    scans: [...scans].map(([k, v]) => `${k}: ${v.rows.toLocaleString('en')} rows${v.loops > 1 ? ` in ${v.loops} loops` : ''}`),
    executionMs: explained['Execution Time'],
    planningMs: explained['Planning Time'],
    buffers: `${hit.toLocaleString('en')} hit, ${read.toLocaleString('en')} read`,
  };
}

function nodeName(n: PlanNode): string {
  const backward = n['Scan Direction'] === 'Backward' ? ' Backward' : '';
  return `${n['Node Type']}${backward}`;
}
