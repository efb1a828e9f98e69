// Benchmarks with budgets (`npm run bench`; not part of the tests):
//   startup  time from starting the server on an existing data directory to the first 200 from /healthz
//            (median of 3 restarts, after one start that creates and seeds the database) — budget 3 s
//   login    POST /Member/LogOn round trip, 30 requests after 3 warm-ups, median and p95 — budget 150 ms
//   size     gzip size of the JavaScript the home route loads (index.html's module script and
//            modulepreload links) after `npm run build -w apps/web` — budget 250 KB
// Prints a table, rewrites this bench's section of docs/performance.md (full runs only), and exits 1
// when a number is over budget or a measurement failed.
//   npm run bench -- --only startup,login --no-docs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { homeBundle, lazyChunks } from './lib/home-bundle';
import { commit, machine, markdownTable, type Row, status, updatePerformanceDoc } from './lib/report';
import { repoRoot, type RunningServer, startServer } from './lib/server';
import { formatKb, formatMs, median, percentile } from './lib/stats';

const BUDGET = { startupMs: 3000, loginMs: 150, homeJsBytes: 250 * 1024 };
const PORT = 18181;
const RESTARTS = 3;
const LOGINS = 30;
const WARM_UP_LOGINS = 3;
const ALL = ['startup', 'login', 'size'] as const;
type Bench = (typeof ALL)[number];

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'no-docs': { type: 'boolean', default: false } },
});
const selected = new Set<Bench>(
  values.only
    ? values.only
        .split(',')
        .map((s) => s.trim())
        .filter((s): s is Bench => (ALL as readonly string[]).includes(s))
    : ALL,
);
if (selected.size === 0) {
  console.error(`--only takes a comma-separated list of: ${ALL.join(', ')}`);
  process.exit(2);
}

// Others' work on the machine skews every number: the load average at the start goes into the record.
const loadAtStart = os.loadavg()[0] ?? 0;
const rows: Row[] = [];
const problems: string[] = [];
const notMeasured = (metric: string, budget: string, why: string): Row => ({
  metric,
  result: '—',
  budget,
  ok: undefined,
  detail: why,
});

async function serverBenches(): Promise<void> {
  const wantStartup = selected.has('startup');
  const wantLogin = selected.has('login');
  if (!wantStartup && !wantLogin) return;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rangsi-bench-'));
  const dataDir = path.join(tmp, 'data');
  const logFile = path.join(tmp, 'server.log');
  let server: RunningServer | undefined;
  let keepLog = false;
  try {
    console.log(`startup: first start on an empty data directory (creates and seeds the database); log in ${logFile}`);
    server = await startServer({ port: PORT, dataDir, logFile, timeoutMs: 180_000 });
    const firstMs = server.msToHealthy;
    console.log(`  first start: ${formatMs(firstMs)}`);

    if (wantStartup) {
      const times: number[] = [];
      for (let i = 0; i < RESTARTS; i++) {
        await server.stop();
        server = undefined;
        server = await startServer({ port: PORT, dataDir, logFile, timeoutMs: 60_000 });
        times.push(server.msToHealthy);
        console.log(`  restart ${i + 1}: ${formatMs(server.msToHealthy)}`);
      }
      const m = median(times);
      rows.push({
        metric: `startup to first /healthz 200 (median of ${RESTARTS})`,
        result: formatMs(m),
        budget: formatMs(BUDGET.startupMs),
        ok: m <= BUDGET.startupMs,
        detail: `runs ${times.map((t) => Math.round(t)).join(', ')} ms; first start with migrations and demo seed ${Math.round(firstMs)} ms`,
      });
    }

    if (wantLogin) {
      console.log(`login: ${WARM_UP_LOGINS} warm-up + ${LOGINS} measured POST /Member/LogOn`);
      for (let i = 0; i < WARM_UP_LOGINS; i++) await logOn(server.baseUrl);
      const times: number[] = [];
      for (let i = 0; i < LOGINS; i++) times.push(await logOn(server.baseUrl));
      const [m, p95] = [median(times), percentile(times, 95)];
      const detail = `${LOGINS} sequential requests after ${WARM_UP_LOGINS} warm-ups; min ${formatMs(Math.min(...times))}, max ${formatMs(Math.max(...times))}`;
      rows.push({
        metric: 'login round trip, median',
        result: formatMs(m),
        budget: formatMs(BUDGET.loginMs),
        ok: m <= BUDGET.loginMs,
        detail,
      });
      rows.push({
        metric: 'login round trip, p95',
        result: formatMs(p95),
        budget: formatMs(BUDGET.loginMs),
        ok: p95 <= BUDGET.loginMs,
        detail: 'nearest rank',
      });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    problems.push(message);
    keepLog = true;
    console.error(`server benchmarks failed: ${message}`);
    const why = `failed: ${message.split('\n')[0] ?? message}`;
    if (wantStartup && !rows.some((r) => r.metric.startsWith('startup')))
      rows.push(notMeasured('startup to first /healthz 200', formatMs(BUDGET.startupMs), why));
    if (wantLogin && !rows.some((r) => r.metric.startsWith('login')))
      rows.push(notMeasured('login round trip', formatMs(BUDGET.loginMs), why));
  } finally {
    await server?.stop();
    if (keepLog) rmSync(dataDir, { recursive: true, force: true });
    else rmSync(tmp, { recursive: true, force: true });
  }
}

/** One logon as the SPA does it (JSON in, JSON envelope out); returns the round-trip time in ms. */
async function logOn(baseUrl: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/Member/LogOn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: 'staff', password: 'rangsi-demo' }),
    redirect: 'manual',
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let success = false;
  try {
    success = (JSON.parse(text) as { success?: unknown }).success === true;
  } catch {
    // not JSON: reported below
  }
  if (res.status !== 200 || !success)
    throw new Error(`POST /Member/LogOn answered ${res.status}: ${text.slice(0, 300)}`);
  return ms;
}

function sizeBench(): void {
  if (!selected.has('size')) return;
  const budget = formatKb(BUDGET.homeJsBytes);
  console.log('size: npm run build -w apps/web');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    const output = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    problems.push(`web build failed:\n${output}`);
    console.error(`web build failed (exit ${build.status}):\n${output}`);
    rows.push(notMeasured('home route JS, gzip', budget, 'web build failed'));
    return;
  }
  try {
    const files = homeBundle(path.join(repoRoot, 'apps', 'web', 'dist'));
    const gzip = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const raw = files.reduce((sum, f) => sum + f.bytes, 0);
    for (const f of files)
      console.log(`  ${f.kind.padEnd(13)} ${f.file}  ${formatKb(f.bytes)} → ${formatKb(f.gzipBytes)} gzip`);
    rows.push({
      metric: 'home route JS, gzip',
      result: formatKb(gzip),
      budget,
      ok: gzip <= BUDGET.homeJsBytes,
      detail: `${files.length} files from index.html (module script + modulepreload), ${formatKb(raw)} before gzip`,
    });
    // For information: the home page's own lazy chunk, fetched after the entry (not in the budget figure).
    const lazy = lazyChunks(path.join(repoRoot, 'apps', 'web', 'dist'), 'home-page');
    if (lazy.length > 0) {
      for (const f of lazy)
        console.log(`  ${f.kind.padEnd(13)} ${f.file}  ${formatKb(f.bytes)} → ${formatKb(f.gzipBytes)} gzip`);
      rows.push({
        metric: 'home page lazy chunk, gzip',
        result: formatKb(lazy.reduce((sum, f) => sum + f.gzipBytes, 0)),
        budget: '—',
        ok: undefined,
        detail: `${lazy.map((f) => f.file).join(', ')}; loaded by the route after the entry, not counted above`,
      });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    problems.push(message);
    rows.push(notMeasured('home route JS, gzip', budget, `failed: ${message}`));
  }
}

await serverBenches();
sizeBench();

const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
const table = markdownTable(rows);
console.log(`\n${table}\n`);
const loadNote = `1-minute load average ${loadAtStart.toFixed(1)} at the start`;
console.log(`${when} UTC · ${machine()} · ${loadNote}`);
if (loadAtStart > os.availableParallelism() / 2) console.log('note: the machine was busy; numbers may be high');

// The document always shows one full run: a partial run (--only) leaves it alone.
if (values['no-docs'] || selected.size < ALL.length) {
  console.log('docs/performance.md not updated (--no-docs or --only)');
} else {
  const docPath = path.join(repoRoot, 'docs', 'performance.md');
  updatePerformanceDoc(
    docPath,
    `## Start-up, logon, home bundle — \`npm run bench\`

Measured ${when} UTC at commit ${commit(repoRoot)}.
Machine: ${machine()}; ${loadNote}.

${table}

How: \`bench/run.ts\` starts \`tsx apps/server/src/main.ts\` with PORT=${PORT}, HOST=127.0.0.1, a new temporary
DATA_DIR (embedded PGlite), SEED=demo, DICOM_PORT=0. The first start creates, migrates and seeds the database
and is not counted; then the server is stopped with SIGTERM and started ${RESTARTS} times on that data directory,
each timed from spawn to the first 200 from \`/healthz\`. The logon is \`POST /Member/LogOn\` with JSON
\`{"username":"staff","password":"rangsi-demo"}\` from the same machine, sequential, after ${WARM_UP_LOGINS} warm-ups.
The home bundle is the sum of \`zlib.gzipSync\` sizes (default level) of the module script and modulepreload
files that \`apps/web/dist/index.html\` names; chunks loaded later by \`import()\` (each feature page,
the viewer) are not in it. The home page's own lazy chunk is shown beside it, for information.`,
  );
  console.log(`wrote ${path.relative(repoRoot, docPath)}`);
}

const over = rows.filter((r) => r.ok === false);
for (const r of over) console.error(`over budget: ${r.metric}: ${r.result} > ${r.budget} (${status(r)})`);
process.exitCode = over.length > 0 || problems.length > 0 ? 1 : 0;
