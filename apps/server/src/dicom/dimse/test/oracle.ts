import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * dcmtk's storescp in bit-preserving mode (+B: "write data exactly as read"): the reference for the bytes storescu
 * really puts on the wire (it re-encodes files: drops group lengths, pads odd values).
 */
export class ReferenceScp {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    readonly dir: string,
  ) {}

  static async start(dir: string): Promise<ReferenceScp> {
    const port = await freePort();
    fs.mkdirSync(dir, { recursive: true });
    const child = spawn('storescp', ['+B', '+xa', '+uf', '-od', dir, '-aet', 'REFERENCE', String(port)], {
      stdio: 'ignore',
    });
    // Wait until it accepts connections.
    const end = Date.now() + 5000;
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect({ port, host: '127.0.0.1' }, () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (ok) break;
      if (Date.now() > end) {
        child.kill();
        throw new Error('storescp did not start');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return new ReferenceScp(child, port, dir);
  }

  /** Received files in arrival order (storescp's unique names end in a serial number). */
  files(): string[] {
    const serial = (n: string) => Number(n.split('.').pop());
    return fs
      .readdirSync(this.dir)
      .sort((a, b) => serial(a) - serial(b))
      .map((n) => path.join(this.dir, n));
  }

  stop(): void {
    this.child.kill();
  }
}
