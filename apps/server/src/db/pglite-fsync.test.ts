import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

/** Host paths of the descriptors fs.fsyncSync was given, relative to the data directory. */
function spyFsyncs(root: string) {
  const paths: string[] = [];
  const real = fs.fsyncSync.bind(fs);
  const spy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
    paths.push(fs.readlinkSync(`/proc/self/fd/${fd}`).replace(root, ''));
    real(fd);
  });
  return { paths, spy };
}

describe('the embedded database on disk flushes its commits (decision D22)', () => {
  let handle: DatabaseHandle | null = null;
  let dir = '';
  afterEach(async () => {
    vi.restoreAllMocks();
    await handle?.close();
    handle = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fsyncs the WAL before a commit returns, and the data files at a checkpoint', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-pglite-fsync-'));
    handle = await openDatabase({ dataDir: dir, migrate: false });
    expect((await handle.pglite!.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
    await handle.db.execute(sql`create table fsync_probe (id int primary key, note text)`);

    const { paths } = spyFsyncs(path.join(dir, 'pg'));
    await handle.db.execute(sql`insert into fsync_probe values (1, 'committed')`);
    expect(paths.some((p) => p.startsWith('/pg_wal/'))).toBe(true);

    paths.length = 0;
    await handle.db.execute(sql`checkpoint`);
    expect(paths.some((p) => p.startsWith('/base/'))).toBe(true);
    expect(paths).toContain('/global/pg_control');
  });

  it('leaves an in-memory database as it was (nothing to flush)', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-pglite-mem-'));
    handle = await openDatabase({ migrate: false });
    const { spy } = spyFsyncs(dir);
    await handle.db.execute(sql`create table fsync_probe (id int)`);
    await handle.db.execute(sql`insert into fsync_probe values (1)`);
    expect(spy).not.toHaveBeenCalled();
  });
});
