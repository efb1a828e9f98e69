// The whole test suite (`npm test`), in four steps:
//   1. Vitest, every unit and API test (the `unit` and `db` projects of vitest.config.ts), on PGlite
//      (TEST_DATABASE_URL removed from the environment);
//   2. when TEST_DATABASE_URL is set: Vitest again on that PostgreSQL server, limited to the
//      database-backed tests (the `db` project of vitest.config.ts);
//   3. Vitest's `interop` project (Rangsi beside a real Orthanc) on PGlite, in a private network namespace
//      (scripts/interop.mjs); a machine without Orthanc or unshare counts it as failed;
//   4. `npm run build`, then the Playwright end-to-end tests (skipped when Chromium is missing).
// Every step runs even when an earlier one failed. Counts come from the JSON reports; a step that
// ended without a report, or with errors its report does not count, counts as 1 failed.
// The last line printed is `N passed, N failed`; the exit code is non-zero when N failed > 0.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { interopCommand, interopMissing } from './interop.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.tmp', 'test-results');
const vitestCli = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const playwrightCli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const playwrightConfig = path.join(root, 'e2e', 'playwright.config.ts');
const playwrightResults = path.join(root, 'e2e', '.artifacts', 'results.json');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const MINUTE = 60_000;

/** @type {{ name: string, passed: number, failed: number, note: string }[]} */
const results = [];
/** Failed tests by name, printed again at the end so a log cut to its tail still says what failed. */
const failures = [];
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

function log(line) {
  process.stdout.write(`${line}\n`);
}

function header(title) {
  log(`\n=== test: ${title}`);
}

/** Runs a command in its own process group (so a timeout ends its workers too); resolves its exit code. */
function run(command, args, { env = process.env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    running.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      log(
        `test: ${path.basename(command)} ${args[0] ?? ''} still running after ${timeoutMs / MINUTE} min; stopping it`,
      );
      killGroup(child, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      log(`test: cannot start ${command}: ${err.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve(timedOut ? 124 : (code ?? (signal ? 128 : 1)));
    });
  });
}

function killGroup(child, signal) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child, signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function firstLine(message) {
  return (
    String(message ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function record(name, passed, failed, note = '') {
  results.push({ name, passed, failed, note });
}

/** Vitest's JSON report → counts. Files that failed outside any test (import error, failing hook) count 1 each. */
function countVitest(report, exitCode, label) {
  let passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  );
  failed += brokenFiles.length;
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failures.push(
          `[${label}] ${path.relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`,
        );
    }
  }
  if (failed === 0 && (report.numFailedTestSuites ?? 0) > 0) failed = 1;
  // Unhandled errors, a failing global setup, "no test files": vitest exits non-zero with nothing failed.
  if (failed === 0 && exitCode !== 0) failed = 1;
  return { passed, failed, brokenFiles: brokenFiles.map((f) => path.relative(root, f.name)) };
}

function reportArgs(name) {
  const report = path.join(outDir, `vitest-${name}.json`);
  rmSync(report, { force: true });
  return { report, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`] };
}

async function vitest(name, { env, projects = [] }) {
  const { report, args } = reportArgs(name);
  args.unshift('run');
  for (const project of projects) args.push(`--project=${project}`);
  const code = await run(process.execPath, [vitestCli, ...args], { env, timeoutMs: 25 * MINUTE });
  recordVitest(name, report, code);
}

/** The interop project, through the same report as the other steps; never skipped: what it needs missing is a failure. */
async function interop(env) {
  const name = 'interop';
  const missing = interopMissing();
  if (missing) {
    log(`test: interop cannot run: missing ${missing}`);
    record(`vitest (${name})`, 0, 1, `missing ${missing}`);
    return;
  }
  const { report, args } = reportArgs(name);
  const [command, commandArgs] = interopCommand(args);
  const code = await run(command, commandArgs, { env, timeoutMs: 15 * MINUTE });
  recordVitest(name, report, code);
}

function recordVitest(name, report, code) {
  const json = readJson(report);
  if (!json) {
    record(`vitest (${name})`, 0, 1, `ended with exit code ${code} and no JSON report`);
    return;
  }
  const { passed, failed, brokenFiles } = countVitest(json, code, name);
  const notes = [];
  if (brokenFiles.length) notes.push(`failed outside tests: ${brokenFiles.join(', ')}`);
  if (code !== 0) notes.push(`exit code ${code}`);
  record(`vitest (${name})`, passed, failed, notes.join('; '));
}

/** Playwright's JSON report → counts. Flaky (passed on retry) counts as passed; global errors count 1. */
function countPlaywright(report, exitCode) {
  const stats = report.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  if (failed === 0 && (report.errors ?? []).length > 0) failed = 1;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message;
          failures.push(
            `[e2e] ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error?.replace(/\u001b\[[0-9;]*m/g, ''))}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  if (failed === 0 && exitCode !== 0) failed = 1;
  return { passed, failed };
}

async function endToEnd() {
  const name = 'e2e (Playwright)';
  if (!existsSync(playwrightConfig)) {
    log(`test: e2e skipped: ${path.relative(root, playwrightConfig)} does not exist yet`);
    record(name, 0, 0, 'skipped: no Playwright config');
    return;
  }
  if (!existsSync(chromium)) {
    log(`test: e2e skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
    record(name, 0, 0, `skipped: no Chromium at ${chromium}`);
    return;
  }
  header('npm run build');
  const buildCode = await run('npm', ['run', 'build'], { timeoutMs: 10 * MINUTE });
  if (buildCode !== 0) {
    record('build (apps/web)', 0, 1, `npm run build exited ${buildCode}; e2e not run`);
    return;
  }
  header(name);
  rmSync(playwrightResults, { force: true });
  const code = await run(process.execPath, [playwrightCli, 'test', '-c', playwrightConfig, '--pass-with-no-tests'], {
    timeoutMs: 30 * MINUTE,
  });
  const json = readJson(playwrightResults);
  if (!json) {
    record(name, 0, 1, `exit code ${code} and no JSON report at ${path.relative(root, playwrightResults)}`);
    return;
  }
  const { passed, failed } = countPlaywright(json, code);
  record(name, passed, failed, code !== 0 ? `exit code ${code}` : '');
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const pgliteEnv = { ...process.env };
  delete pgliteEnv.TEST_DATABASE_URL;

  header('vitest on PGlite');
  await vitest('pglite', { env: pgliteEnv, projects: ['unit', 'db'] });

  if (databaseUrl) {
    header('vitest on PostgreSQL (the db project: database-backed tests)');
    await vitest('postgres', { env: { ...process.env, TEST_DATABASE_URL: databaseUrl }, projects: ['db'] });
  } else {
    log('\ntest: TEST_DATABASE_URL not set: database-backed tests ran on PGlite only');
  }

  header('vitest interop (Orthanc, private network namespace)');
  await interop(pgliteEnv);

  await endToEnd();
}

let crashed = false;
try {
  await main();
} catch (err) {
  crashed = true;
  log(`test: runner error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0) + (crashed ? 1 : 0);
log('\n=== test: summary');
for (const r of results) {
  log(
    `  ${r.name.padEnd(22)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed${r.note ? `  (${r.note})` : ''}`,
  );
}
for (const failure of failures) log(`  ✗ ${failure}`);
log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
