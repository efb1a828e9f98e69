// The EXPLAIN plumbing the benches share: a database opened with a Drizzle logger that records the statements the
// server's own repository and service code runs, EXPLAIN (ANALYZE, BUFFERS) of each recorded statement, and a short
// summary of a plan (its shape, its scans, its buffers) for the tables.
import { PGlite } from '@electric-sql/pglite';
import { ROLE_DEFAULTS, type RoleName } from '@rangsi/domain';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
// The server's current-user.ts augments fastify's request type: fastify must be in this program for tsc.
import type {} from 'fastify';
import pg from 'pg';
import type { AuditService } from '../../apps/server/src/audit/audit.service';
import type { CurrentUser } from '../../apps/server/src/auth/current-user';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema/index';
import type { BenchTarget } from './sql-client';

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

/** A plan summary with the text plan, for the console. */
export interface TextPlanSummary extends PlanSummary {
  /** The text plan without its Output lines, for the console. */
  text: string[];
}

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

/** One plan of EXPLAIN (ANALYZE, FORMAT JSON). */
export interface ExplainedPlan {
  Plan: PlanNode;
  'Execution Time': number;
  'Planning Time': number;
}

/** A statement Drizzle ran, with its parameters. */
export interface Captured {
  query: string;
  params: unknown[];
}

/** Plain SQL beside Drizzle, on the same connection pool or PGlite. */
export type RawQuery = (text: string, params: unknown[]) => Promise<unknown[]>;

/** A bench database opened for EXPLAIN: Drizzle recording into `captured`, raw SQL beside it, and the way to close both. */
export interface CapturingDatabase {
  db: Database;
  /** Every statement `db` ran, in order; empty it before the calls of interest. */
  captured: Captured[];
  raw: RawQuery;
  close: () => Promise<void>;
}

/** Opens `target` (PostgreSQL with a pool of `poolSize`, or PGlite: the server must be stopped) with a recording Drizzle. */
export async function openCapturing(target: BenchTarget, poolSize: number): Promise<CapturingDatabase> {
  const captured: Captured[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: poolSize + 1 });
    // One connection of its own for raw SQL: an EXPLAIN may need the settings of its statement's transaction first.
    const pinned = await pool.connect();
    return {
      db: drizzlePg(pool, { schema, casing: 'snake_case', logger }),
      captured,
      raw: async (text, params) => (await pinned.query(text, params)).rows as unknown[],
      close: async () => {
        pinned.release();
        await pool.end();
      },
    };
  }
  const handle = await openDatabase({ dataDir: target.dataDir, migrate: false });
  const client: PGlite = handle.pglite!;
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case', logger }),
    captured,
    raw: async (text, params) => (await client.query(text, params)).rows,
    close: () => handle.close(),
  };
}

/** The database's server_version, or '?'. */
export async function serverVersion(raw: RawQuery): Promise<string> {
  const [v] = (await raw('show server_version', [])) as { server_version?: string }[];
  return v?.server_version ?? '?';
}

/** EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) of a recorded statement: its plan. */
export async function explainJson(raw: RawQuery, c: Captured): Promise<ExplainedPlan> {
  const [row] = (await raw(`explain (analyze, buffers, format json) ${c.query}`, c.params)) as {
    'QUERY PLAN': unknown;
  }[];
  const plan = (
    typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']
  ) as ExplainedPlan[];
  return plan[0]!;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a recorded statement as text, without its Output lines. */
export async function explainText(raw: RawQuery, c: Captured): Promise<string[]> {
  const rows = (await raw(`explain (analyze, buffers) ${c.query}`, c.params)) as { 'QUERY PLAN': string }[];
  return rows.map((r) => r['QUERY PLAN']).filter((l) => !/^\s*Output:/.test(l));
}

/** A search as a service runs it for a user (its audit line left out by the `audit` it was given). */
export type ServiceSearch<B> = (user: CurrentUser, body: B) => Promise<unknown>;

/** How explainServiceSearches runs one bench's searches. */
export interface ServiceSearchExplain<B> {
  /** PostgreSQL connections for Drizzle and the EXPLAINs. */
  poolSize: number;
  /** The service's search over `db`, built with `audit` (an audit service that records nothing). */
  search: (db: Database, audit: AuditService) => ServiceSearch<B>;
  /** The name of the i-th of `count` statements one search ran. */
  statementName: (query: string, i: number, count: number) => string;
}

/**
 * Runs each scenario's search through the service as the route does (its audit line left out), captures the
 * statements, then EXPLAIN (ANALYZE, BUFFERS) of each: once as text (which also warms the cache), then in JSON
 * for the summary. The server must be stopped first on PGlite (one process per data directory).
 */
export async function explainServiceSearches<B>(
  target: BenchTarget,
  list: readonly { id: string; user: string; body: B }[],
  how: ServiceSearchExplain<B>,
): Promise<{ version: string; plans: TextPlanSummary[] }> {
  const { db, captured, raw, close } = await openCapturing(target, how.poolSize);
  const noAudit = { record: async () => undefined } as unknown as AuditService;
  const search = how.search(db, noAudit);
  const out: TextPlanSummary[] = [];
  let version = '?';
  try {
    version = await serverVersion(raw);
    for (const s of list) {
      const user = await benchUser(raw, s.user);
      captured.length = 0;
      await search(user, s.body);
      const statements = withTransactionSettings(captured);
      for (const [i, { statement: c, settings }] of statements.entries()) {
        const text = await inSettings(raw, settings, () => explainText(raw, c));
        const plan = await inSettings(raw, settings, () => explainJson(raw, c));
        out.push({ ...summarize(s.id, how.statementName(c.query, i, statements.length), plan), text });
      }
    }
  } finally {
    await close();
  }
  return { version, plans: out };
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const SET_LOCAL = /^\s*set\s+local\s/i;

/**
 * The statements worth explaining (transaction control and SET LOCAL left out), each with the SET LOCAL statements
 * its transaction ran before it: a search may turn a setting off for one statement (the billing search's parallel
 * workers), and its plan is only true with it.
 */
export function withTransactionSettings(captured: readonly Captured[]): { statement: Captured; settings: string[] }[] {
  const out: { statement: Captured; settings: string[] }[] = [];
  let settings: string[] = [];
  for (const c of captured) {
    if (/^\s*(begin|commit|rollback)\b/i.test(c.query)) settings = [];
    else if (SET_LOCAL.test(c.query)) settings = [...settings, c.query];
    else if (!TRANSACTION_CONTROL.test(c.query)) out.push({ statement: c, settings });
  }
  return out;
}

/** Runs `f` inside a transaction with `settings` applied when there are any (rolled back after). */
async function inSettings<T>(raw: RawQuery, settings: string[], f: () => Promise<T>): Promise<T> {
  if (settings.length === 0) return f();
  await raw('begin', []);
  try {
    for (const s of settings) await raw(s, []);
    return await f();
  } finally {
    await raw('rollback', []);
  }
}

/** The demo user `username` as the server's CurrentUser (role defaults, no clients), read with plain SQL. */
export async function benchUser(raw: RawQuery, username: string): Promise<CurrentUser> {
  const [u] = (await raw(
    'select id, role_name, branch_id, hospital_id, display_name, email from users where username = $1',
    [username],
  )) as {
    id: string;
    role_name: RoleName;
    branch_id: number | null;
    hospital_id: number | null;
    display_name: string;
    email: string;
  }[];
  if (!u) throw new Error(`no user ${username}`);
  const role = ROLE_DEFAULTS[u.role_name];
  return {
    userId: u.id,
    username,
    displayName: u.display_name,
    email: u.email,
    lineName: null,
    roleName: u.role_name,
    branchId: u.branch_id,
    branchName: null,
    hospitalId: u.hospital_id,
    clientIds: [],
    permissions: new Set(role.permissions),
    scope: role.scope,
    sessionId: 'bench',
    scopeExamId: null,
    token: null,
  };
}

/** The summary of one plan for the tables: shape from the top, every scan with its rows, times and buffers. */
export function summarize(scenario: string, query: string, explained: ExplainedPlan): PlanSummary {
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
    scans: [...scans].map(
      ([k, v]) => `${k}: ${v.rows.toLocaleString('en')} rows${v.loops > 1 ? ` in ${v.loops} loops` : ''}`,
    ),
    executionMs: explained['Execution Time'],
    planningMs: explained['Planning Time'],
    buffers: `${hit.toLocaleString('en')} hit, ${read.toLocaleString('en')} read`,
  };
}

function nodeName(n: PlanNode): string {
  const backward = n['Scan Direction'] === 'Backward' ? ' Backward' : '';
  return `${n['Node Type']}${backward}`;
}
