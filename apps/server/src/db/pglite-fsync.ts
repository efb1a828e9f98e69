import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Emscripten's errno for EIO: what PostgreSQL is told when the disk refuses a flush (it then stops, as it must). */
const EMSCRIPTEN_EIO = 29;

interface EmscriptenFs {
  lookupPath(p: string): { node: { stream_ops?: Record<string, unknown> } };
  ErrnoError: new (errno: number) => Error;
}

/**
 * PGlite's start parameters with fsync on (PGlite turns it off with -F) and the WAL flushed with fsync() rather than
 * fdatasync(), which its file system answers without doing anything (decision D22).
 */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/**
 * Makes PostgreSQL's fsync() reach the disk: PGlite's Node file system (Emscripten NODEFS) has no fsync of its own, so a
 * commit's WAL stayed in the page cache. Then flushes what PostgreSQL wrote before this (initdb, recovery and its
 * checkpoint). Answers false when the engine is not laid out as expected (another PGlite version): nothing changed.
 */
export function makePgliteFsyncReal(pg: PGlite, hostDataDir: string): boolean {
  const mod = (pg as unknown as { Module?: { FS?: EmscriptenFs; ENV?: Record<string, string> } }).Module;
  const FS = mod?.FS;
  if (!FS) return false;
  const pgdata = mod.ENV?.PGDATA ?? '/pglite/data';
  let ops: Record<string, unknown> | undefined;
  try {
    ops = FS.lookupPath(`${pgdata}/PG_VERSION`).node.stream_ops;
  } catch {
    return false;
  }
  // NODEFS's file operations, shared by every node it mounts: the ones that hold a host descriptor in `nfd`.
  if (!ops || typeof ops.write !== 'function' || !String(ops.write).includes('nfd')) return false;
  ops.fsync = (stream: { nfd?: number }) => {
    if (typeof stream.nfd !== 'number') return 0;
    try {
      fs.fsyncSync(stream.nfd);
    } catch {
      throw new FS.ErrnoError(EMSCRIPTEN_EIO);
    }
    return 0;
  };
  fsyncTree(hostDataDir);
  return true;
}

/** fsync of every file and folder under dir, folders after their entries. */
function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(p);
    else if (entry.isFile()) fsyncPath(p);
  }
  fsyncPath(dir);
}

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
