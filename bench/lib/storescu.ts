import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The one storescu command both archives get (docs/stack-notes.md): quiet, no halt on a bad file, scan the folder recursively,
 * required contexts only, explicit VR little endian proposed; TCP_NODELAY in the environment as for Orthanc.
 */
export function storescuArgs(aeTitle: string, host: string, port: number, dir: string): string[] {
  return ['-q', '-nh', '+sd', '+r', '-R', '-xe', '-aec', aeTitle, host, String(port), dir];
}

/** Runs one storescu per folder at once; resolves with the wall time from the first start to the last exit. */
export async function sendAll(aeTitle: string, host: string, port: number, dirs: string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(
    dirs.map(
      (dir) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn('storescu', storescuArgs(aeTitle, host, port, dir), {
            env: { ...process.env, TCP_NODELAY: '1' },
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let err = '';
          child.stderr.on('data', (d: Buffer) => {
            err += d.toString();
          });
          child.once('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`storescu exited ${code}: ${err.slice(-500)}`)),
          );
        }),
    ),
  );
  return performance.now() - started;
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port }, () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}

/** Non-empty regular files under a folder (the archive's stored instances; empty ones are its writer's spares). */
export function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += countFiles(path.join(dir, e.name));
    else if (e.isFile() && fs.statSync(path.join(dir, e.name)).size > 0) n += 1;
  }
  return n;
}
