import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

interface Spare {
  name: string;
  fd: number;
}
interface Reply {
  id?: number;
  ok?: boolean;
  written?: boolean;
  code?: string;
  name?: string;
  sha256?: string;
  ready?: boolean;
  closed?: boolean;
  spares?: Spare[];
  dir?: string;
}

/** Below this many spares of a folder in hand, this thread asks the writer for more. */
const ASK_BELOW = 8;
/**
 * Slots of the shared "fsynced" marks (durable-writer.worker.mjs sets slot id % FLUSHED_SLOTS to the write's tag): far
 * more than writes in flight, so a slot is never reused while its write waits.
 */
const FLUSHED_SLOTS = 1 << 14;

/** The mark a write leaves in its slot once fsynced: never 0 (an unused slot), different for ids FLUSHED_SLOTS apart. */
function flushedTag(id: number): number {
  return (id % 0x7fffffff) + 1;
}

/** A write in two steps: its bytes complete under their name (a killed process keeps them), then fsynced. */
export interface StagedWrite {
  /** The new file's name and SHA-256, once its bytes are all in it; rejects with the errno code. */
  written: Promise<{ name: string; sha256: string }>;
  /** Settles once the file is fsynced; rejects with the errno code (the file is then removed). */
  durable: Promise<void>;
  /**
   * True once the writer has fsynced the file, which may be before its answer reaches this thread: a caller that was
   * busy meanwhile (indexing) need not wait for the next turn of the event loop to hear it.
   */
  flushedNow: () => boolean;
}

/** A file a writer was given (non-empty) by a process that ended without a clean stop. */
export interface LeftoverFile {
  /** Absolute path. */
  path: string;
  sizeBytes: number;
}

let writersInProcess = 0;

/**
 * Writes files held in memory durably, on a worker thread (durable-writer.worker.mjs): each goes into a file the
 * worker created ahead of need in the target directory, whose entry a directory fsync already made durable, and is
 * fsynced before write() resolves with the file's name. Files written at the same time share the work (group commit).
 * The event loop only posts the bytes and hears back. `stateDir` holds each writer's list of spare files; when a
 * writer starts, the unused spares of a process that is gone are removed (empty: nothing was acknowledged in them)
 * and the files it wrote are set aside for the index's owner to check (leftoversOfEndedWriters).
 */
export class DurableWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /**
   * Spare files the writer gave this thread, per folder: a file goes into one with a plain write (page cache, tens of
   * microseconds) and only its fsync goes to the writer, so `written` needs no round trip to the other thread.
   */
  private readonly inHand = new Map<string, Spare[]>();
  private readonly asked = new Set<string>();
  /** The worker being stopped: spares it still hands out are not taken (it removes them itself). */
  private closing: Worker | null = null;
  /** Where the writer marks fsynced writes (shared with every worker this writer starts). */
  private readonly flushed = new Int32Array(new SharedArrayBuffer(4 * FLUSHED_SLOTS));

  constructor(private readonly stateDir: string) {}

  /** Resolves with the new file's name in `dir` once its bytes are on disk; rejects with the errno code. */
  async write(bytes: Uint8Array, dir: string): Promise<string> {
    const staged = this.writeStaged(bytes, dir);
    const [{ name }] = await Promise.all([staged.written, staged.durable]);
    return name;
  }

  /**
   * Writes in two steps (StagedWrite). With a spare of the folder in hand, the bytes are written here (hashed here
   * unless `sha256` is given) and `written` is settled at once; otherwise the writer's thread writes and hashes them.
   * Both promises settle, so a caller may wait on either or both.
   */
  writeStaged(bytes: Uint8Array, dir: string, sha256?: string): StagedWrite {
    const worker = this.started();
    const spare = this.takeSpare(worker, dir);
    const id = this.nextId++;
    let w!: Waiting;
    const written = new Promise<{ name: string; sha256: string }>((resolve, reject) => {
      w = { written: resolve, writtenFailed: reject } as Waiting;
    });
    const durable = new Promise<void>((resolve, reject) => {
      w.durable = resolve;
      w.failed = reject;
    });
    written.catch(() => undefined);
    durable.catch(() => undefined);
    const flushedNow = () => Atomics.load(this.flushed, id % FLUSHED_SLOTS) === flushedTag(id);
    if (spare) {
      try {
        for (let off = 0; off < bytes.length;) off += fs.writeSync(spare.fd, bytes, off, bytes.length - off, off);
      } catch (err) {
        worker.postMessage({ discard: { dir, ...spare } });
        const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
        const failure = Object.assign(new Error(`cannot write the file (${code})`), { code });
        w.writtenFailed(failure);
        w.failed(failure);
        return { written, durable, flushedNow: () => false };
      }
      w.written({ name: spare.name, sha256: sha256 ?? createHash('sha256').update(bytes).digest('hex') });
      this.waiting.set(id, w);
      worker.postMessage({ id, sync: { dir, ...spare } });
      return { written, durable, flushedNow };
    }
    this.waiting.set(id, w);
    worker.postMessage(sha256 ? { id, bytes, dir, sha256 } : { id, bytes, dir });
    return { written, durable, flushedNow };
  }

  /** A spare file of `dir` in hand, if any; asks the writer for more when few are left. */
  private takeSpare(worker: Worker, dir: string): Spare | undefined {
    const hand = this.inHand.get(dir);
    const spare = hand?.pop();
    if ((hand?.length ?? 0) < ASK_BELOW && !this.asked.has(dir)) {
      this.asked.add(dir);
      worker.postMessage({ want: dir });
    }
    return spare;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    // Writes in progress finish first: their callers are waiting to acknowledge them.
    while (this.waiting.size && this.worker === worker) await new Promise((r) => setTimeout(r, 5));
    if (this.worker === worker) {
      const closed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        worker.on('message', (m: Reply) => {
          if (m.closed) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      // Spares never used go back to be removed with the writer's own.
      this.closing = worker;
      const returned = [...this.inHand].flatMap(([dir, list]) => list.map((spare) => ({ dir, ...spare })));
      this.inHand.clear();
      worker.postMessage({ shutdown: true, returned });
      await closed;
    }
    this.worker = null;
    this.inHand.clear();
    this.asked.clear();
    await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    fs.mkdirSync(this.stateDir, { recursive: true });
    setAsideEndedWriters(this.stateDir);
    const spareList = path.join(this.stateDir, `spares-${process.pid}-${++writersInProcess}.list`);
    fs.writeFileSync(spareList, '');
    const worker = new Worker(new URL('./durable-writer.worker.mjs', import.meta.url), {
      workerData: { spareList, flushed: this.flushed, slots: FLUSHED_SLOTS },
    });
    worker.unref();
    worker.on('message', (m: Reply) => {
      if (m.spares && m.dir !== undefined) {
        if (this.worker !== worker || this.closing === worker) return;
        this.asked.delete(m.dir);
        const hand = this.inHand.get(m.dir) ?? [];
        // The new ones are used last, the older ones first (pop takes from the end).
        this.inHand.set(m.dir, [...m.spares, ...hand]);
        return;
      }
      if (m.id === undefined) return;
      const w = this.waiting.get(m.id);
      if (!w) return;
      if (m.written && m.name && m.sha256) {
        w.written({ name: m.name, sha256: m.sha256 });
        return;
      }
      this.waiting.delete(m.id);
      if (m.ok) {
        w.durable();
        return;
      }
      const err = Object.assign(new Error(`cannot write the file (${m.code ?? 'EIO'})`), { code: m.code ?? 'EIO' });
      w.writtenFailed(err);
      w.failed(err);
    });
    // A worker that died fails what it held (never acknowledged); the next write starts a new one.
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const w of this.waiting.values()) {
        w.writtenFailed(err);
        w.failed(err);
      }
      this.waiting.clear();
      // Their files stay listed (empty: removed at the next start after this process).
      for (const list of this.inHand.values())
        for (const spare of list) {
          try {
            fs.closeSync(spare.fd);
          } catch {
            /* closing anyway */
          }
        }
      this.inHand.clear();
      this.asked.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the durable writer stopped')));
    this.worker = worker;
    return worker;
  }
}

interface Waiting {
  written(v: { name: string; sha256: string }): void;
  writtenFailed(err: Error): void;
  durable(): void;
  failed(err: Error): void;
}

/**
 * What writers of ended processes (a crash; a clean stop leaves nothing) left: their empty spares are removed, and the
 * files they wrote are given to the caller, which keeps those its index refers to whole and removes the others (never
 * acknowledged). Their lists go once `settle` is called; until then a second call sees the files again.
 */
export function leftoversOfEndedWriters(stateDir: string): { files: LeftoverFile[]; settle(): void } {
  const lists: string[] = [];
  const files: LeftoverFile[] = [];
  if (!fs.existsSync(stateDir)) return { files, settle: () => undefined };
  for (const list of fs.readdirSync(stateDir)) {
    const dead = /^spares-(\d+)-\d+\.list$/.exec(list);
    if (dead ? isOwnOrRunning(Number(dead[1])) : !/^leftover-\d+-\d+\.list$/.test(list)) continue;
    lists.push(path.join(stateDir, list));
    files.push(...usedFilesOf(path.join(stateDir, list)));
  }
  return {
    files,
    settle: () => {
      for (const l of lists) fs.rmSync(l, { force: true });
    },
  };
}

/**
 * At a writer's start: the lists of ended writers lose their empty spares (removed); a list that named written files
 * is kept as `leftover-…` with just those, for the index's owner to check (leftoversOfEndedWriters).
 */
function setAsideEndedWriters(stateDir: string): void {
  for (const list of fs.readdirSync(stateDir)) {
    const dead = /^spares-(\d+)-(\d+)\.list$/.exec(list);
    if (!dead || isOwnOrRunning(Number(dead[1]))) continue;
    const from = path.join(stateDir, list);
    const used = usedFilesOf(from);
    if (used.length) {
      const to = path.join(stateDir, `leftover-${dead[1]}-${dead[2]}.list`);
      fs.writeFileSync(`${to}.new`, used.map((f) => `${f.path}\n`).join(''));
      fs.renameSync(`${to}.new`, to);
    }
    fs.rmSync(from, { force: true });
  }
}

/** The non-empty files a list names; its empty ones (spares never used) are removed. */
function usedFilesOf(list: string): LeftoverFile[] {
  let names: string[];
  try {
    names = fs.readFileSync(list, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
  const used: LeftoverFile[] = [];
  for (const file of names) {
    try {
      const size = fs.statSync(file).size;
      if (size === 0) fs.rmSync(file, { force: true });
      else used.push({ path: file, sizeBytes: size });
    } catch {
      // gone already
    }
  }
  return used;
}

function isOwnOrRunning(pid: number): boolean {
  return !pid || pid === process.pid || isRunning(pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
