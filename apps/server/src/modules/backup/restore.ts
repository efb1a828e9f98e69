import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BackupArchiveError, extractArchive, verifyArchive, type BackupManifest } from './backup-archive';

export interface RestoreOptions {
  archive: string;
  /** The data directory to restore into; the server must be stopped. */
  dataDir: string;
  /** Restore over a non-empty data directory (its contents are moved aside, never deleted). */
  force?: boolean;
  /** Progress lines for the person running it. */
  progress?: (line: string) => void;
}

export interface RestoreResult {
  dataDir: string;
  createdAt: string;
  files: number;
  /** Where the previous contents went (with force), for the admin to remove once satisfied. */
  movedAside: string | null;
}

/**
 * Restores an archive into a stopped data directory (docs/decisions/sec60-backup-archive.md): refuses while a server
 * holds the directory, refuses a non-empty one without force, checks every entry's checksum before writing anything,
 * then builds the whole directory beside the target and renames it into place, so a damaged backup or a failure part
 * way leaves the target as it was.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const target = path.resolve(opts.dataDir);
  const say = opts.progress ?? (() => undefined);
  const existing = await inspectTarget(target);
  if (existing === 'not-empty' && !opts.force) {
    throw new BackupArchiveError(
      `${target} is not empty: restore into an empty or new folder, or add --force (its contents are then moved aside, not deleted)`,
    );
  }
  say(`checking ${path.basename(opts.archive)} …`);
  const manifest = await verifyArchive(path.resolve(opts.archive));
  say(
    `all ${manifest.files.length + manifest.database.length} parts match their checksums (database snapshot ${manifest.createdAt})`,
  );

  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  await fsp.mkdir(temp, { mode: 0o700 });
  let movedAside: string | null = null;
  try {
    await extractArchive(path.resolve(opts.archive), manifest, temp);
    await checkDatabase(path.join(temp, 'pg'));
    await syncTree(temp);
    say('written and flushed; moving into place');
    // The server may have been started meanwhile: look again just before the swap.
    const now = await inspectTarget(target);
    if (now === 'not-empty' && !opts.force)
      throw new BackupArchiveError(`${target} was written to during the restore: nothing replaced`);
    if (now === 'not-empty') {
      movedAside = `${target}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}`;
      await fsp.rename(target, movedAside);
    } else if (now === 'empty') {
      await fsp.rmdir(target);
    }
    await fsp.rename(temp, target);
    await syncDir(path.dirname(target));
  } catch (err) {
    await fsp.rm(temp, { recursive: true, force: true });
    if (movedAside && !fs.existsSync(target)) await fsp.rename(movedAside, target).catch(() => undefined);
    throw err;
  }
  return { dataDir: target, createdAt: manifest.createdAt, files: manifest.files.length, movedAside };
}

/** The state of the target; refuses one a live server holds (its lock file names a running process). */
async function inspectTarget(target: string): Promise<'missing' | 'empty' | 'not-empty'> {
  let names: string[];
  try {
    const stat = await fsp.stat(target);
    if (!stat.isDirectory()) throw new BackupArchiveError(`${target} is not a folder`);
    names = await fsp.readdir(target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  const lock = path.join(target, 'rangsi.lock');
  if (names.includes('rangsi.lock')) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && isAlive(pid))
      throw new BackupArchiveError(`The server is running on ${target} (process ${pid}): stop it before restoring`);
  }
  return names.length ? 'not-empty' : 'empty';
}

/**
 * Opens the restored database once: the copy was taken like a crash (between transactions, after a checkpoint), so the
 * engine replays its WAL now, and a database that cannot start is found before it replaces anything.
 */
async function checkDatabase(pgDir: string): Promise<void> {
  const client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm } });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

/** fsync every file and folder under dir: the restored directory is durable before it replaces anything. */
async function syncTree(dir: string): Promise<void> {
  for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await syncTree(p);
    else if (e.isFile()) {
      const fd = await fsp.open(p, 'r');
      try {
        await fd.sync();
      } finally {
        await fd.close();
      }
    }
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  const fd = await fsp.open(dir, 'r');
  try {
    await fd.sync();
  } finally {
    await fd.close();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type { BackupManifest };
