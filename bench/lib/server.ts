import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const serverEntry = path.join(repoRoot, 'apps', 'server', 'src', 'main.ts');
/** tsx's CLI, run with this Node (what `npx tsx` runs, without npx's own start-up). */
export const tsxCli = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface ServerOptions {
  port: number;
  dataDir: string;
  /** The server's stdout and stderr are appended here, to keep the bench output readable. */
  logFile: string;
  /** How long to wait for the first 200 from /healthz. */
  timeoutMs: number;
  /** A PostgreSQL server to use instead of the embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** Settings that replace the bench defaults (DICOM_PORT, SEED ...). */
  env?: Record<string, string>;
}

export interface RunningServer {
  baseUrl: string;
  /** From spawn to the first 200 from /healthz. */
  msToHealthy: number;
  /** The process started (tsx, which runs the server in a child process). */
  pid: number | undefined;
  /** SIGTERM, then SIGKILL after 20 s; resolves once the process has exited and the port is free. */
  stop(): Promise<void>;
}

/** Starts `tsx apps/server/src/main.ts` (what `npx tsx` runs, without npx's own start-up) and waits for /healthz. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`${path.relative(repoRoot, serverEntry)} does not exist yet`);
  if (await portOpen(options.port)) throw new Error(`port ${options.port} is already in use`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED: 'demo',
    // Demo images are written in the background after start: they would load the machine while it is measured.
    DEMO_IMAGES: 'off',
    DICOM_PORT: '0',
    SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789',
  };
  // The embedded database (PGlite) is what is measured unless a server is named; one in the environment would change that.
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);

  const log = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [tsxCli, serverEntry], { cwd: repoRoot, env, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const stop = () => stopProcess(child, exited, options.port);
  const deadline = started + options.timeoutMs;
  while (performance.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(
        `server exited with code ${exitCode} before /healthz answered; see ${options.logFile}:\n${tail(options.logFile)}`,
      );
    }
    if (await healthy(baseUrl)) return { baseUrl, msToHealthy: performance.now() - started, pid: child.pid, stop };
    await sleep(20);
  }
  await stop();
  throw new Error(
    `no 200 from /healthz within ${options.timeoutMs} ms; see ${options.logFile}:\n${tail(options.logFile)}`,
  );
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>, port: number): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killer);
  }
  for (let i = 0; i < 100 && (await portOpen(port)); i++) await sleep(50);
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
