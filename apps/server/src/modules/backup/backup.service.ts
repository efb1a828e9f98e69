import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import {
  ArchiveWriter,
  BackupArchiveError,
  DATABASE_PREFIX,
  FILES_PREFIX,
  BACKUP_FORMAT,
  type BackupManifest,
  type ManifestEntry,
} from './backup-archive';
import type { BackupRepository } from './backup.repository';

export interface BackupLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupServiceDeps {
  /** The embedded engine; absent on PostgreSQL, whose backups are pg_dump's (README "Backup and restore"). */
  pglite: PGlite | undefined;
  repo: BackupRepository;
  /** DATA_DIR: stored files are under files/. */
  dataDir: string;
  backupDir: string;
  /** Archives kept; older ones are removed after a backup succeeds. */
  keep: number;
  fileStore: 'local' | 's3';
  now: () => Date;
  log: BackupLog;
  /** How long a file the database names may take to reach its recorded size (it was still being flushed). */
  flushWaitMs?: number;
}

export interface BackupResult {
  name: string;
  path: string;
  sizeBytes: number;
  createdAt: string;
  files: number;
  missing: number;
  ms: number;
}

export interface BackupListItem {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

export type BackupTrigger = 'nightly' | 'admin' | 'cli';

export class BackupUnsupportedError extends Error {
  constructor() {
    super('The server backs up the embedded database only; on PostgreSQL use pg_dump (README "Backup and restore")');
    this.name = 'BackupUnsupportedError';
  }
}

export class BackupBusyError extends Error {
  constructor() {
    super('A backup is already running');
    this.name = 'BackupBusyError';
  }
}

const ARCHIVE_NAME = /^rangsi-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z(-\d+)?\.zip$/;

/**
 * Takes backups while the server works (docs/decisions/sec60-backup-archive.md): a snapshot of the embedded database
 * between transactions, then the stored files, which are never changed once written. One at a time per process.
 */
export class BackupService {
  private running: Promise<BackupResult> | null = null;
  private lastError: { at: string; message: string } | null = null;

  constructor(private readonly deps: BackupServiceDeps) {}

  get supported(): boolean {
    return this.deps.pglite !== undefined;
  }

  status(): { running: boolean; lastError: { at: string; message: string } | null } {
    return { running: this.running !== null, lastError: this.lastError };
  }

  /** Starts a backup; BackupBusyError if one runs. The promise settles when the archive is complete or removed. */
  run(trigger: BackupTrigger): Promise<BackupResult> {
    if (!this.deps.pglite) return Promise.reject(new BackupUnsupportedError());
    if (this.running) return Promise.reject(new BackupBusyError());
    const run = this.make(this.deps.pglite, trigger);
    this.running = run;
    run
      .then(
        () => {
          this.lastError = null;
        },
        (err: Error) => {
          this.lastError = { at: this.deps.now().toISOString(), message: failureMessage(err) };
        },
      )
      .finally(() => {
        this.running = null;
      })
      .catch(() => undefined);
    return run;
  }

  /** Finished archives in the backup folder, newest first. */
  async list(): Promise<BackupListItem[]> {
    let names: string[];
    try {
      names = await fsp.readdir(this.deps.backupDir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const items: BackupListItem[] = [];
    for (const name of names) {
      const m = ARCHIVE_NAME.exec(name);
      if (!m) continue;
      const stat = await fsp.stat(path.join(this.deps.backupDir, name)).catch(() => null);
      if (!stat?.isFile()) continue;
      items.push({ name, createdAt: `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`, sizeBytes: stat.size });
    }
    return items.sort((a, b) => (a.name < b.name ? 1 : -1));
  }

  private async make(pglite: PGlite, trigger: BackupTrigger): Promise<BackupResult> {
    const started = Date.now();
    const { backupDir, log } = this.deps;
    await fsp.mkdir(backupDir, { recursive: true, mode: 0o700 });
    await this.removeLeftovers();
    const createdAt = this.deps.now();
    const name = await this.freeName(createdAt);
    const partial = path.join(backupDir, `${name}.partial`);
    const writer = new ArchiveWriter(partial);
    try {
      // The database's files are copied while this transaction holds PGlite's only session: no other statement runs
      // meanwhile, the checkpoint first writes every page, and what was committed is in the WAL anyway. A plain file
      // copy beside them (copy_file_range) is far quicker than PGlite's in-memory tar, so work waits seconds at most.
      const stage = path.join(this.deps.dataDir, 'tmp', `backup-${name}`);
      await fsp.rm(stage, { recursive: true, force: true });
      await fsp.mkdir(path.dirname(stage), { recursive: true });
      const lockedAt = Date.now();
      await pglite.transaction(async (tx) => {
        await tx.exec('checkpoint');
        fs.cpSync(path.join(this.deps.dataDir, 'pg'), stage, { recursive: true });
      });
      const snapshotAt = this.deps.now().toISOString();
      log.info({ ms: Date.now() - lockedAt }, 'backup: database copied');
      const database: ManifestEntry[] = [];
      try {
        for (const dir of fs
          .readdirSync(stage, { recursive: true, withFileTypes: true })
          .filter((d) => d.isDirectory())) {
          writer.addDirectory(
            `${DATABASE_PREFIX}${path.relative(stage, path.join(dir.parentPath, dir.name)).split(path.sep).join('/')}/`,
          );
        }
        for await (const rel of walk(stage, '', { skipDot: false })) {
          const entry = await writer.addFile(`${DATABASE_PREFIX}${rel}`, path.join(stage, ...rel.split('/')), {
            sizeBytes: fs.statSync(path.join(stage, ...rel.split('/'))).size,
            compress: true,
          });
          if (entry) database.push(entry);
        }
      } finally {
        await fsp.rm(stage, { recursive: true, force: true });
      }
      // Read after the snapshot: every file it names was written before its row committed, or is being flushed now.
      const referenced = await this.deps.repo.referencedKeys();
      const { files, missing } =
        this.deps.fileStore === 'local' ? await this.copyFiles(writer, referenced) : { files: [], missing: [] };
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: snapshotAt,
        engine: 'pglite',
        fileStore: this.deps.fileStore,
        database,
        files,
        referenced: { count: referenced.size, missing },
      };
      await writer.finish(manifest);
      const final = path.join(backupDir, name);
      await fsp.rename(partial, final);
      await syncDir(backupDir);
      const sizeBytes = (await fsp.stat(final)).size;
      if (missing.length)
        log.warn(
          { missing: missing.length, first: missing[0] },
          'backup: files named by the database were not found (purged meanwhile)',
        );
      log.info({ trigger, name, files: files.length, sizeBytes, ms: Date.now() - started }, 'backup done');
      await this.prune(name);
      return {
        name,
        path: final,
        sizeBytes,
        createdAt: snapshotAt,
        files: files.length,
        missing: missing.length,
        ms: Date.now() - started,
      };
    } catch (err) {
      await writer.abort();
      await fsp.rm(partial, { force: true });
      log.error(
        { trigger, err: { name: (err as Error).name, code: (err as NodeJS.ErrnoException).code } },
        'backup failed',
      );
      throw err;
    }
  }

  /** Every stored file under DATA_DIR/files (the store's own scratch folder aside), and the named ones not found. */
  private async copyFiles(
    writer: ArchiveWriter,
    referenced: Map<string, number | null>,
  ): Promise<{ files: ManifestEntry[]; missing: string[] }> {
    const root = path.join(this.deps.dataDir, 'files');
    const files: ManifestEntry[] = [];
    const found = new Set<string>();
    let n = 0;
    for await (const key of walk(root, '')) {
      // Small files are read synchronously: let requests in between.
      if (++n % 32 === 0) await new Promise((resolve) => setImmediate(resolve));
      const abs = path.join(root, ...key.split('/'));
      const expected = referenced.get(key) ?? null;
      const size = await this.settledSize(abs, expected);
      // An empty file nothing names is a spare the store made ahead of need, not data.
      if (size === null || (size === 0 && !referenced.has(key))) continue;
      // DICOM and images are compressed already or large: stored as they are, which keeps the backup fast.
      const entry = await writer.addFile(`${FILES_PREFIX}${key}`, abs, { sizeBytes: size, compress: false });
      if (!entry) continue;
      files.push(entry);
      found.add(key);
    }
    const missing = [...referenced.keys()].filter((k) => !found.has(k)).sort();
    return { files, missing };
  }

  /** The size to copy: the recorded size once the file reaches it (a flush in progress), else what is on disk. */
  private async settledSize(abs: string, expected: number | null): Promise<number | null> {
    const deadline = Date.now() + (this.deps.flushWaitMs ?? 30_000);
    for (;;) {
      // Synchronous: a stat is answered from the inode cache, while a busy server's thread pool queues it behind fsyncs.
      const stat = statOrNull(abs);
      if (!stat) return null;
      if (expected === null || stat.size >= expected) return expected ?? stat.size;
      if (Date.now() > deadline) return stat.size;
      await sleep(100);
    }
  }

  /** What a backup cut short by a crash left (this process holds the data directory and runs one backup at a time). */
  private async removeLeftovers(): Promise<void> {
    const tmp = path.join(this.deps.dataDir, 'tmp');
    for (const name of await fsp.readdir(tmp).catch(() => [] as string[])) {
      if (name.startsWith('backup-rangsi-backup-'))
        await fsp.rm(path.join(tmp, name), { recursive: true, force: true });
    }
    for (const name of await fsp.readdir(this.deps.backupDir)) {
      if (ARCHIVE_NAME.test(name.replace(/\.partial$/, '')) && name.endsWith('.partial'))
        await fsp.rm(path.join(this.deps.backupDir, name), { force: true });
    }
  }

  private async freeName(at: Date): Promise<string> {
    const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    for (let i = 0; ; i++) {
      const name = `rangsi-backup-${stamp}Z${i ? `-${i}` : ''}.zip`;
      if (
        !fs.existsSync(path.join(this.deps.backupDir, name)) &&
        !fs.existsSync(path.join(this.deps.backupDir, `${name}.partial`))
      )
        return name;
    }
  }

  private async prune(justMade: string): Promise<void> {
    const all = await this.list();
    for (const old of all.slice(this.deps.keep)) {
      if (old.name === justMade) continue;
      await fsp.rm(path.join(this.deps.backupDir, old.name), { force: true });
      this.deps.log.info({ name: old.name }, 'old backup removed');
    }
  }
}

/**
 * What an admin is told of a failed backup: our own messages as they are, a system error by its code (a full disk
 * is ENOSPC), never a driver's text (it can quote SQL and values).
 */
export function failureMessage(err: Error): string {
  if (err instanceof BackupArchiveError || err instanceof BackupBusyError || err instanceof BackupUnsupportedError)
    return err.message;
  const code = (err as NodeJS.ErrnoException).code;
  return `The backup failed (${err.name}${code ? ` ${code}` : ''})`;
}

/** Relative keys (with /) of every file under root, skipping dot-folders (the store's temp and writer state). */
async function* walk(
  root: string,
  rel: string,
  opts: { skipDot: boolean } = { skipDot: true },
): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(rel ? path.join(root, rel) : root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    if (opts.skipDot && e.name.startsWith('.')) continue;
    const key = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(root, key, opts);
    else if (e.isFile()) yield key;
  }
}

function statOrNull(abs: string): fs.Stats | null {
  try {
    return fs.statSync(abs);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function syncDir(dir: string): Promise<void> {
  const fd = await fsp.open(dir, 'r');
  try {
    await fd.sync();
  } finally {
    await fd.close();
  }
}
