// Worklist search benchmark with budgets (`npm run bench:worklist`; not part of the tests), issue 3 "Budgets":
//   POST /api/exam/search p50/p95/p99 at 1 and 16 concurrent clients (autocannon) on
//     PostgreSQL 15 with 1,000,000 exams (a throw-away server from scripts/ci-postgres.sh) — p95 ≤ 50 ms at c=1
//     PGlite (temporary DATA_DIR) with 100,000 exams                                     — p95 ≤ 150 ms at c=1
//   for the default 3-day window (staff, and admin), 14 days + a Thai name substring, an exact accession, and a
//   doctor's assigned list; then EXPLAIN ANALYZE of every statement each search runs;
//   the worklist route's JavaScript (index.html's scripts + the worklist page chunk and its static imports),
//   gzip — budget 300 KB — when the web build has that chunk.
// Prints tables, rewrites its section of docs/performance.md (full runs only), stops everything it started
// (the PostgreSQL server too) on failure or Ctrl-C, and exits 1 when a number is over budget or a step failed.
//   npm run bench:worklist -- --engines pglite --pglite-exams 20000 --seconds 3 --no-size --no-docs
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PlanSummary } from './lib/explain';
import {
  type Engine,
  engineOption,
  EngineRun,
  engineTitle,
  finish,
  isBusy,
  loadAverage,
  measuredStates,
  numberOption,
  runCleanups,
  stopOnSignals,
  vacuumForState,
} from './lib/harness';
import { cell, commit, loadAverageNote, machine, updatePerformanceDoc, utcMinute } from './lib/report';
import { repoRoot } from './lib/server';
import { formatKb, formatMs, formatMsOrDash as ms, formatOptionalMs } from './lib/stats';
import { explainScenarios } from './lib/worklist-explain';
import {
  type BenchUser,
  describeLoad,
  load,
  loadProblems,
  type LoadResult,
  logInDemoUsers,
  scenarios,
  type Scenario,
  searchOnce,
  type SearchCheck,
} from './lib/worklist-load';
import { seedWorklist, type SeedSummary } from './lib/worklist-seed';
import { routeBundle } from './lib/worklist-size';

const DEFAULTS = { pgExams: 1_000_000, pgliteExams: 100_000, days: 365, seconds: 10, warmUp: 2, name: 'สมชาย' };
const BUDGET = { postgresP95Ms: 50, pgliteP95Ms: 150, routeJsBytes: 300 * 1024 };
const CONNECTIONS = [1, 16] as const;

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres,pglite' },
    'pg-exams': { type: 'string', default: String(DEFAULTS.pgExams) },
    'pglite-exams': { type: 'string', default: String(DEFAULTS.pgliteExams) },
    days: { type: 'string', default: String(DEFAULTS.days) },
    seconds: { type: 'string', default: String(DEFAULTS.seconds) },
    'warm-up': { type: 'string', default: String(DEFAULTS.warmUp) },
    name: { type: 'string', default: DEFAULTS.name },
    port: { type: 'string', default: '18191' },
    'pg-port': { type: 'string', default: '55439' },
    'no-size': { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
  },
});
const opts = {
  pgExams: numberOption(values['pg-exams'], 'pg-exams'),
  pgliteExams: numberOption(values['pglite-exams'], 'pglite-exams'),
  days: numberOption(values.days, 'days'),
  seconds: numberOption(values.seconds, 'seconds'),
  warmUp: numberOption(values['warm-up'], 'warm-up'),
  port: numberOption(values.port, 'port'),
  pgPort: numberOption(values['pg-port'], 'pg-port'),
};
const engines = engineOption(values.engines);
// Everything started here is stopped here, also on Ctrl-C.
stopOnSignals();

// ---- one engine -----------------------------------------------------------------------------------------

interface Measured {
  scenario: Scenario;
  check: SearchCheck;
  runs: LoadResult[];
}
/** One measured state of one database: PostgreSQL once; PGlite as shipped (never vacuumed), then after VACUUM ANALYZE. */
interface EngineResult {
  engine: Engine;
  /** "never vacuumed", "after VACUUM ANALYZE" … */
  state: string;
  exams: number;
  seed?: SeedSummary;
  version?: string;
  measured: Measured[];
  plans: PlanSummary[];
  loadBefore: number;
  loadAfter: number;
  error?: string;
}

const problems: string[] = [];

/**
 * PostgreSQL: seeded, then VACUUM ANALYZE (what its autovacuum does soon after a load), measured once. PGlite runs no
 * autovacuum and the server runs no maintenance, so a PGlite database in use has no planner statistics and no
 * visibility map: it is measured in that state first, then again after a VACUUM ANALYZE.
 */
async function benchEngine(engine: Engine): Promise<EngineResult[]> {
  const exams = engine === 'postgres' ? opts.pgExams : opts.pgliteExams;
  const results: EngineResult[] = measuredStates(engine).map((state) => ({
    engine,
    state,
    exams,
    measured: [],
    plans: [],
    loadBefore: 0,
    loadAfter: 0,
  }));
  const engineRun = new EngineRun('worklist', engine);
  const { dataDir } = engineRun;
  let databaseUrl: string | undefined;
  let current: EngineResult = results[0]!;
  try {
    console.log(
      `\n== ${engine}: ${exams.toLocaleString('en')} exams over ${opts.days} days; files in ${engineRun.tmp}`,
    );
    current.loadBefore = loadAverage();
    if (engine === 'postgres') databaseUrl = engineRun.startPostgres(opts.pgPort);
    console.log('seeding (demo seed, then bulk SQL):');
    const seed = await seedWorklist({
      databaseUrl,
      dataDir,
      exams,
      days: opts.days,
      vacuum: engine === 'postgres',
      log: (l) => console.log(l),
    });
    console.log(
      `  ${seed.exams.toLocaleString('en')} exams, ${seed.patients.toLocaleString('en')} patients, ` +
        `${seed.examEvents.toLocaleString('en')} log lines in ${(seed.ms / 1000).toFixed(0)} s`,
    );

    for (const [i, result] of results.entries()) {
      current = result;
      result.seed = seed;
      result.loadBefore ||= loadAverage();
      if (i > 0) await vacuumForState(engine, result.state, { databaseUrl, dataDir });
      const server = await engineRun.startServer(opts.port, databaseUrl);
      const baseUrl = server.baseUrl;
      const cpu = engineRun.cpuReader(server);
      const cookies = await logInDemoUsers<BenchUser>(baseUrl, ['staff', 'admin', 'doctor1']);

      const list = scenarios(new Date(), seed.sampleAccession, values.name);
      for (const s of list) {
        const cookie = cookies.get(s.user)!;
        const check = await searchOnce(baseUrl, cookie, s.body);
        if (s.id === 'accession' && check.total !== 1)
          throw new Error(`accession ${seed.sampleAccession}: expected 1 exam, got ${check.total}`);
        console.log(
          `${s.title}: ${check.total.toLocaleString('en')} matching, ${check.rows} rows` +
            `${check.clients !== undefined ? `, ${check.clients} client tabs` : ''}, ${formatKb(check.bytes)} JSON, first call ${formatMs(check.ms)}`,
        );
        const runs: LoadResult[] = [];
        for (const c of CONNECTIONS) {
          const r = await load(baseUrl, cookie, s.body, c, opts.seconds, opts.warmUp, cpu);
          console.log(`  c=${String(c).padEnd(2)} ${describeLoad(r)}`);
          problems.push(...loadProblems(`${engine} (${result.state}) ${s.id} c=${c}`, r, opts.seconds));
          runs.push(r);
        }
        result.measured.push({ scenario: s, check, runs });
      }
      result.loadAfter = loadAverage();
      await engineRun.stopServer();

      console.log('EXPLAIN ANALYZE (warm, second run):');
      ({ version: result.version, plans: result.plans } = await explainScenarios({ databaseUrl, dataDir }, list));
      for (const p of result.plans)
        console.log(`  ${p.scenario}/${p.query}: ${formatMs(p.executionMs)} — ${p.shape}; ${p.scans.join('; ')}`);
    }
  } catch (err) {
    const message = engineRun.failed(err);
    current.error = message;
    problems.push(`${engine} (${current.state}): ${message}`);
  } finally {
    current.loadAfter ||= loadAverage();
    await runCleanups();
  }
  return results.filter((r) => r.measured.length > 0 || r.error);
}

// ---- the worklist route's JavaScript --------------------------------------------------------------------

interface SizeResult {
  line: string;
  ok: boolean | undefined;
}
function sizeBench(): SizeResult {
  const budget = formatKb(BUDGET.routeJsBytes);
  console.log('\nsize: npm run build -w apps/web');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    const output = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    console.error(`web build failed (exit ${build.status}):\n${output}`);
    return {
      line: `| worklist route JS, gzip | — | ${budget} | not measured | the web build failed: ${cell(output.split('\n').pop() ?? '')} |`,
      ok: undefined,
    };
  }
  const r = routeBundle(path.join(repoRoot, 'apps', 'web', 'dist'), 'worklist-page');
  if (r.entryChunks.length === 0) {
    console.log('  no worklist-page chunk in the build (the worklist screen is not routed yet)');
    return {
      line: `| worklist route JS, gzip | — | ${budget} | not measured | the build has no worklist-page chunk yet |`,
      ok: undefined,
    };
  }
  for (const f of r.files)
    console.log(`  ${f.kind.padEnd(13)} ${f.file}  ${formatKb(f.bytes)} → ${formatKb(f.gzipBytes)} gzip`);
  const ok = r.gzipBytes <= BUDGET.routeJsBytes;
  return {
    line: `| worklist route JS, gzip | ${formatKb(r.gzipBytes)} | ${budget} | ${ok ? 'ok' : 'OVER BUDGET'} | ${r.files.length} files: index.html's scripts and modulepreloads + ${r.entryChunks.join(', ')} and its static imports; ${formatKb(r.bytes)} before gzip |`,
    ok,
  };
}

// ---- report ---------------------------------------------------------------------------------------------

const cpuText = (r: LoadResult) => formatOptionalMs(r.cpuMsPerRequest);
const budgetOf = (e: Engine) => (e === 'postgres' ? BUDGET.postgresP95Ms : BUDGET.pgliteP95Ms);
const engineName = (r: EngineResult) => engineTitle(r.engine, r.version);
const engineLabel = (r: EngineResult) => `${engineName(r)}, ${r.exams.toLocaleString('en')} exams, ${r.state}`;

function resultsTable(results: EngineResult[]): string {
  const lines = [
    '| database | scenario | matching | c | p50 | p95 | p99 | req/s | CPU/req | budget (p95, c=1) | status |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    if (r.error && r.measured.length === 0) {
      lines.push(
        `| ${engineLabel(r)} | — | — | — | — | — | — | — | — | ${formatMs(budgetOf(r.engine))} | not measured: ${cell(r.error.split('\n')[0] ?? '')} |`,
      );
      continue;
    }
    for (const m of r.measured) {
      for (const run of m.runs) {
        const budgeted = run.connections === 1;
        const ok = run.failures === 0 && run.p95 <= budgetOf(r.engine);
        const status =
          run.requests === 0
            ? 'no responses'
            : run.failures > 0
              ? `${run.failures} failed`
              : budgeted
                ? ok
                  ? 'ok'
                  : 'OVER BUDGET'
                : '';
        lines.push(
          `| ${engineLabel(r)} | ${cell(m.scenario.title)} | ${m.check.total.toLocaleString('en')} | ${run.connections} | ${ms(run.p50)} | ` +
            `${ms(run.p95)} | ${ms(run.p99)} | ${run.rps.toFixed(0)} | ${cpuText(run)} | ${budgeted ? formatMs(budgetOf(r.engine)) : '—'} | ${status} |`,
        );
      }
    }
  }
  return lines.join('\n');
}

function plansTable(results: EngineResult[]): string {
  const lines = [
    '| database | scenario | statement | time | plan | scans | buffers |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    for (const p of r.plans) {
      lines.push(
        `| ${engineName(r)}, ${r.state} | ${p.scenario} | ${p.query} | ${formatMs(p.executionMs)} | ${cell(p.shape)} | ${cell(p.scans.join('; '))} | ${p.buffers} |`,
      );
    }
  }
  return lines.join('\n');
}

function overBudget(results: EngineResult[]): string[] {
  const over: string[] = [];
  for (const r of results) {
    for (const m of r.measured) {
      const run = m.runs.find((x) => x.connections === 1);
      if (run && run.p95 > budgetOf(r.engine))
        over.push(
          `${r.engine} (${r.state}) ${m.scenario.id}: p95 ${formatMs(run.p95)} > ${formatMs(budgetOf(r.engine))}`,
        );
    }
  }
  return over;
}

// ---- main -----------------------------------------------------------------------------------------------

const loadAtStart = loadAverage();
const results: EngineResult[] = [];
for (const e of engines) results.push(...(await benchEngine(e)));
const size: SizeResult = values['no-size']
  ? {
      line: `| worklist route JS, gzip | — | ${formatKb(BUDGET.routeJsBytes)} | not measured | --no-size |`,
      ok: undefined,
    }
  : sizeBench();

const when = utcMinute();
const table = resultsTable(results);
const plans = plansTable(results);
const sizeTable = `| metric | result | budget | status | detail |\n| --- | --- | --- | --- | --- |\n${size.line}`;
const loads = results
  .map(
    (r) =>
      `${r.engine}${r.engine === 'pglite' ? ` ${r.state}` : ''} ${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)}`,
  )
  .join(', ');
const loadNote = loadAverageNote(loadAtStart, loads);
console.log(`\n${table}\n\n${sizeTable}\n\n${plans}\n`);
console.log(`${when} UTC · ${machine()} · ${loadNote}`);
if (isBusy(Math.max(loadAtStart, ...results.map((r) => r.loadAfter)))) {
  console.log('note: the machine was busy; numbers may be high');
}

const full =
  engines.length === 2 &&
  opts.pgExams === DEFAULTS.pgExams &&
  opts.pgliteExams === DEFAULTS.pgliteExams &&
  opts.days === DEFAULTS.days &&
  opts.seconds >= DEFAULTS.seconds &&
  values.name === DEFAULTS.name &&
  !values['no-size'];
if (values['no-docs'] || !full) {
  console.log('docs/performance.md not updated (--no-docs, or not a full run with the default sizes)');
} else {
  const docPath = path.join(repoRoot, 'docs', 'performance.md');
  const seeds = results
    .filter((r, i) => r.seed && results.findIndex((x) => x.engine === r.engine) === i)
    .map(
      (r) =>
        `${r.engine}: ${r.seed!.exams.toLocaleString('en')} exams, ` +
        `${r.seed!.patients.toLocaleString('en')} patients, ${r.seed!.examEvents.toLocaleString('en')} log lines, seeded in ${(r.seed!.ms / 1000).toFixed(0)} s`,
    )
    .join('; ');
  updatePerformanceDoc(
    docPath,
    `## Worklist search — \`npm run bench:worklist\`

Measured ${when} UTC at commit ${commit(repoRoot)}.
Machine: ${machine()}; ${loadNote}.
Data: ${seeds}.

${table}

${sizeTable}

EXPLAIN (ANALYZE, BUFFERS) of each statement one search runs (second, warm run; "rows" is the scan's actual rows):

${plans}

How: \`bench/worklist.ts\` starts a throw-away PostgreSQL 15 (\`scripts/ci-postgres.sh\`: fsync off, default
shared_buffers and planner costs) and, separately, a temporary PGlite data directory. Each is migrated and given the
demo seed (its users, branches, hospitals, readers and products), then bulk patients (one per five exams) and
exams made by SQL: exam dates spread evenly over the last ${opts.days} days in insertion order (as a live system
appends them), names from the seed's Thai name lists, the demo's mix of hospitals, products and readers; older than
three days nearly all reported, newer ones still in the workflow; a 'created' and an 'assigned' log line per exam.
PostgreSQL then gets \`VACUUM ANALYZE\` (its autovacuum would do the same after such a load). PGlite runs no
autovacuum and the server runs no maintenance, so it is measured first as it would be in use — no planner statistics,
no visibility map — and again after a \`VACUUM ANALYZE\`. The server (\`tsx apps/server/src/main.ts\`) runs against
it; staff (branch scope), admin (all) and doctor1 (assigned exams) log in, and autocannon sends the same
\`POST /api/exam/search?page=1\` from ${CONNECTIONS.join(' and ')} connections for ${opts.seconds} s each after
${opts.warmUp} s of warm-up; percentiles are nearest-rank over every response time. CPU/req is the CPU time of the server
process tree and of PostgreSQL's processes during the run divided by the requests answered: on a shared machine the
latency stretches with other work, this does not. Each search also writes its audit line and checks its session, as in
production. The scenarios use Bangkok days: the default window is From = today − 3 days, To = today; the name search is
14 days with "${DEFAULTS.name}"; the accession is one of the staff user's branch from about six months back, sent
alone; the doctor's list is the default window, which also counts open exams per client for the tabs. The load
generator shares the 2 cores with the server and the database, so c=16 measures saturation rather than a realistic
client mix. The route size is the gzip (\`zlib.gzipSync\`, default level) of index.html's module script and
modulepreloads plus the worklist page's chunk and every chunk it imports statically.`,
    'worklist.ts',
  );
  console.log(`wrote ${path.relative(repoRoot, docPath)}`);
}

await finish([...overBudget(results), ...(size.ok === false ? ['worklist route JS'] : [])], problems);
