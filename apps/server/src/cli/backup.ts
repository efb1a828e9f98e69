// npm run backup [-- --data-dir DIR]
// Asks the running server for a backup through its control socket (DATA_DIR/run/control.sock, reachable only by the
// server's own user: docs/decisions/sec61-backup-cli-socket.md) and waits for the archive. With the server stopped it
// takes the backup itself. On PostgreSQL (DATABASE_URL) use pg_dump instead (README "Backup and restore").
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { backupDirOf } from '../modules/backup/backup.module';
import { BackupRepository } from '../modules/backup/backup.repository';
import { BackupService, type BackupResult } from '../modules/backup/backup.service';
import { controlSocketPath } from '../modules/backup/control-socket';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
let config;
try {
  config = loadConfig({ ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(2);
}
if (config.DATABASE_URL) {
  process.stderr.write(
    'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump (README "Backup and restore").\n',
  );
  process.exit(2);
}

function askServer(
  socketPath: string,
): Promise<{ status: number; body: { message?: string } & Partial<BackupResult> } | null> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') as { message?: string } }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(null) : reject(err),
    );
    req.end();
  });
}

const print = (r: Pick<BackupResult, 'path' | 'sizeBytes' | 'files' | 'missing'>) => {
  process.stdout.write(`backup written: ${r.path} (${(r.sizeBytes / 1024 / 1024).toFixed(1)} MB, ${r.files} files)\n`);
  if (r.missing)
    process.stdout.write(
      `note: ${r.missing} files named by the database were not found (deleted meanwhile); see the manifest\n`,
    );
};

const dataDir = path.resolve(config.DATA_DIR);
try {
  const answer = await askServer(controlSocketPath(dataDir));
  if (answer) {
    if (answer.status !== 200) throw new Error(answer.body.message ?? `the server answered ${answer.status}`);
    print(answer.body as BackupResult);
  } else {
    const lock = path.join(dataDir, 'rangsi.lock');
    if (fs.existsSync(lock))
      process.stdout.write('the server is not answering on its control socket; trying the data directory itself\n');
    // No server: take the backup here (opening the database takes the data directory's lock, so none can start meanwhile).
    const database = await openDatabase({ dataDir, migrate: false });
    try {
      const service = new BackupService({
        pglite: database.pglite,
        repo: new BackupRepository(database.db),
        dataDir,
        backupDir: backupDirOf(config),
        keep: config.BACKUP_KEEP,
        fileStore: config.FILE_STORE,
        now: () => new Date(),
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      print(await service.run('cli'));
    } finally {
      await database.close();
    }
  }
} catch (err) {
  process.stderr.write(`backup failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
