// What the database benches (worklist, patients, requests) do around their measurements: read their options, stop
// everything they started (also on Ctrl-C), give each engine a temporary directory, a throw-away PostgreSQL server
// and the app server, and end with their verdict and exit code.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres, stopPostgres } from './postgres';
import { type RunningServer, startServer } from './server';
import { type BenchTarget, vacuumAnalyze } from './sql-client';
import { cpuOfServerAndDatabase, postmasterPid } from './worklist-cpu';

/** The two databases the server runs on: a PostgreSQL server, or PGlite inside the server process. */
export type Engine = 'postgres' | 'pglite';

// ---- options ----------------------------------------------------------------------------------------------

/** The number an option holds (`1_000_000` allowed); exits 2 naming the option when it is not a number ≥ 0. */
export function numberOption(value: string, name: string): number {
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} takes a number`);
    process.exit(2);
  }
  return n;
}

/** The engines `--engines` names (comma-separated postgres and pglite); exits 2 when it names neither. */
export function engineOption(value: string): Engine[] {
  const engines = value
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is Engine => s === 'postgres' || s === 'pglite');
  if (engines.length === 0) {
    console.error('--engines takes postgres, pglite or both');
    process.exit(2);
  }
  return engines;
}

// ---- everything started is stopped, also on Ctrl-C --------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];

/** Registers `cleanup` to run at the next runCleanups (the last registered runs first). */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Runs and forgets every registered cleanup, last first; one that fails is reported and the others still run. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** On SIGINT, SIGTERM or SIGHUP: runs the cleanups, then exits 130. */
export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the bench started`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
}

// ---- one engine -------------------------------------------------------------------------------------------

/**
 * One engine's run of a bench: a temporary directory (PGlite's data and the server log; removed by the cleanups, the
 * log kept after a failure), a throw-away PostgreSQL server if asked for, and the app server, one at a time.
 */
export class EngineRun {
  readonly tmp: string;
  readonly dataDir: string;
  readonly logFile: string;
  /** The throw-away PostgreSQL server's directory, once started. */
  private pgDir: string | undefined;
  private keepLog = false;
  private server: RunningServer | undefined;
  private serverStopRegistered = false;

  /** Makes the run's temporary directory, `rangsi-<bench>-<engine>-…`, and registers its removal. */
  constructor(
    private readonly bench: string,
    readonly engine: Engine,
  ) {
    this.tmp = mkdtempSync(path.join(os.tmpdir(), `rangsi-${bench}-${engine}-`));
    this.dataDir = path.join(this.tmp, 'data');
    this.logFile = path.join(this.tmp, 'server.log');
    onCleanup(() => rmSync(this.keepLog ? this.dataDir : this.tmp, { recursive: true, force: true }));
  }

  /** Starts a throw-away PostgreSQL 15 on `port` (stopped and removed by the cleanups), prints and answers its URL. */
  startPostgres(port: number): string {
    // Its own directory: the server runs as the postgres user and must be able to enter it.
    const dir = path.join(os.tmpdir(), `rangsi-${this.bench}-pg-${process.pid}-${Date.now()}`);
    this.pgDir = dir;
    onCleanup(() => stopPostgres(dir));
    const url = startPostgres(dir, port);
    console.log(`PostgreSQL at ${url} (data in ${dir})`);
    return url;
  }

  /** Starts the app server on `port` against the run's database (PGlite under dataDir unless `databaseUrl`). */
  async startServer(port: number, databaseUrl: string | undefined): Promise<RunningServer> {
    if (!this.serverStopRegistered) {
      this.serverStopRegistered = true;
      onCleanup(() => this.stopServer());
    }
    console.log(`starting the server (log in ${this.logFile})`);
    this.server = await startServer({
      port,
      dataDir: this.dataDir,
      logFile: this.logFile,
      timeoutMs: 300_000,
      databaseUrl,
    });
    return this.server;
  }

  /** Stops the app server if one runs. */
  async stopServer(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    await s?.stop();
  }

  /** CPU milliseconds so far of `server`'s process tree and of the throw-away PostgreSQL's (see cpuOfServerAndDatabase). */
  cpuReader(server: RunningServer): () => number | undefined {
    const postmaster = this.pgDir ? postmasterPid(path.join(this.pgDir, 'data')) : undefined;
    return cpuOfServerAndDatabase(server.pid, this.pgDir !== undefined, postmaster);
  }

  /** Keeps the server log for a look, prints the failure and answers its message. */
  failed(err: unknown): string {
    this.keepLog = true;
    const message = err instanceof Error ? err.message : String(err);
    console.error(`${this.engine} failed: ${message}\n(server log kept in ${this.logFile})`);
    return message;
  }
}

/** The states a database is measured in: PostgreSQL once (its autovacuum would run); PGlite never vacuumed, then vacuumed. */
export function measuredStates(engine: Engine): string[] {
  return engine === 'postgres' ? ['after VACUUM ANALYZE'] : ['never vacuumed', 'after VACUUM ANALYZE'];
}

/** Heads the next state of `engine` and runs a timed VACUUM ANALYZE of `target` (the server stopped). */
export async function vacuumForState(engine: Engine, state: string, target: BenchTarget): Promise<void> {
  console.log(`\n== ${engine}, ${state}`);
  const t = Date.now();
  await vacuumAnalyze(target);
  console.log(`  VACUUM ANALYZE in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

// ---- machine and verdict ----------------------------------------------------------------------------------

/** The 1-minute load average. */
export function loadAverage(): number {
  return os.loadavg()[0] ?? 0;
}

/** Whether a load average means other work competed for the cores (more than half of them busy). */
export function isBusy(load: number): boolean {
  return load > os.availableParallelism() / 2;
}

/** "PostgreSQL 15.8" or "PGlite 17.4": the engine's name with the first word of its server_version, if known. */
export function engineTitle(engine: Engine, version?: string): string {
  return `${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}${version ? ` ${version.split(' ')[0]}` : ''}`;
}

/** Prints every over-budget finding and problem, runs the cleanups and exits: 1 when there was any, else 0. */
export async function finish(over: readonly string[], problems: readonly string[]): Promise<never> {
  for (const o of over) console.error(`over budget: ${o}`);
  for (const p of problems) console.error(`problem: ${p.split('\n')[0]}`);
  await runCleanups();
  process.exit(over.length > 0 || problems.length > 0 ? 1 : 0);
}
