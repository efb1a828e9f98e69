import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  BackupBusyError,
  BackupUnsupportedError,
  failureMessage,
  type BackupLog,
  type BackupService,
} from './backup.service';

/**
 * The local control socket `npm run backup` talks to (docs/decisions/sec61-backup-cli-socket.md): a Unix socket in
 * DATA_DIR/run, a folder only the server's own user may enter, so reaching it is the authentication; it is not on
 * the network and needs no token.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'run', 'control.sock');
}

/** Longest socket path Linux accepts (sun_path is 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

export interface ControlSocket {
  close(): Promise<void>;
}

/** Listens on the control socket; only POST /backup, which answers when the archive is complete. */
export async function startControlSocket(
  dataDir: string,
  service: BackupService,
  log: BackupLog,
): Promise<ControlSocket | null> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      { length: Buffer.byteLength(socketPath) },
      'backup control socket path too long: npm run backup cannot reach this server (use the admin screen)',
    );
    return null;
  }
  const dir = path.dirname(socketPath);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // The data directory's lock is ours, so a socket file left here is a dead server's.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    if (req.method !== 'POST' || req.url !== '/backup') return send(404, { message: 'not found' });
    service.run('cli').then(
      (result) => send(200, result),
      (err: unknown) => {
        if (err instanceof BackupBusyError || err instanceof BackupUnsupportedError)
          return send(409, { message: err.message });
        send(500, { message: failureMessage(err as Error) });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socketPath, { force: true });
      }),
  };
}
