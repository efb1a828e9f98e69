import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A dcmtk storescp on loopback: the destination of a C-MOVE in tests. */
export interface StoreScp {
  aeTitle: string;
  port: number;
  /** The files it wrote. */
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

/** A free loopback port (taken and let go: the caller binds it at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts storescp (extra args such as +xa) writing into dir, and waits until it accepts connections. */
export async function startStoreScp(aeTitle: string, dir: string, args: string[] = []): Promise<StoreScp> {
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn('storescp', ['-v', '-aet', aeTitle, '-od', dir, ...args, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const end = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const c = net.connect({ host: '127.0.0.1', port }, () => {
        c.destroy();
        resolve(true);
      });
      c.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > end || child.exitCode !== null) throw new Error(`storescp did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    aeTitle,
    port,
    dir,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The files storescp wrote, by SOP Instance UID (its default names are `XX.<uid>`). */
export function receivedFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir))
    files.set(name.replace(/^[A-Z]{2}\./, ''), fs.readFileSync(path.join(dir, name)));
  return files;
}
