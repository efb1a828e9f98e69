// A throw-away PostgreSQL 15 server for a bench run (scripts/ci-postgres.sh: initdb into its own directory, fsync
// off, trust auth for `postgres`, the server runs as the postgres user), and the way to stop it and remove its files.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server';

const ciPostgres = path.join(repoRoot, 'scripts', 'ci-postgres.sh');

/** Starts a server with its data under `dir` on 127.0.0.1:`port`; answers its URL. */
export function startPostgres(dir: string, port: number): string {
  const r = spawnSync('bash', [ciPostgres, 'start', dir, String(port)], { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(
      `ci-postgres.sh start failed (exit ${r.status}):\n${(r.stderr ?? '').trim().split('\n').slice(-10).join('\n')}`,
    );
  const url = r.stdout.trim().split('\n').pop() ?? '';
  if (!url.startsWith('postgres://')) throw new Error(`ci-postgres.sh printed no URL: ${r.stdout}`);
  return url;
}

/** Stops the server started in `dir` (pg_ctl stop, fast) and removes the directory. */
export function stopPostgres(dir: string): void {
  spawnSync('bash', [ciPostgres, 'stop', dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
