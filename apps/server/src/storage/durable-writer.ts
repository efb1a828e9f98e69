import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

interface Reply { id?: number; ok?: boolean; code?: string; name?: string; ready?: boolean; closed?: boolean }

let writersInProcess = 0;

/**
 * Writes files held in memory durably, on a worker thread (durable-writer.worker.mjs): each goes into a file the
 * worker created ahead of need in the target directory, whose entry a directory fsync already made durable, and is
 * fsynced before write() resolves with the file's name. Files written at the same time share the work (group commit).
 * The event loop only posts the bytes and hears back. `stateDir` holds each writer's list of spare files; those of a
 * process that is gone are removed when a writer starts (the unused ones are empty: nothing was acknowledged in them).
 */
export class DurableWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve(name: string): void; reject(err: Error): void }>();
  private nextId = 1;

  constructor(private readonly stateDir: string) {}

  /** Resolves with the new file's name in `dir` once its bytes are on disk; rejects with the errno code. */
  write(bytes: Uint8Array, dir: string): Promise<string> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, bytes, dir });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    // Writes in progress finish first: their callers are waiting to acknowledge them.
    while (this.waiting.size && this.worker === worker) await new Promise((r) => setTimeout(r, 5));
    if (this.worker === worker) {
      const closed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        worker.on('message', (m: Reply) => { if (m.closed) { clearTimeout(timer); resolve(); } });
      });
      worker.postMessage({ shutdown: true });
      await closed;
    }
    this.worker = null;
    await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    fs.mkdirSync(this.stateDir, { recursive: true });
    removeSparesOfEndedProcesses(this.stateDir);
    const spareList = path.join(this.stateDir, `spares-${process.pid}-${++writersInProcess}.list`);
    fs.writeFileSync(spareList, '');
    const worker = new Worker(new URL('./durable-writer.worker.mjs', import.meta.url), { workerData: { spareList } });
    worker.unref();
    worker.on('message', (m: Reply) => {
      if (m.id === undefined) return;
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.ok && m.name) w.resolve(m.name);
      else w.reject(Object.assign(new Error(`cannot write the file (${m.code ?? 'EIO'})`), { code: m.code ?? 'EIO' }));
    });
    // A worker that died fails what it held (never acknowledged); the next write starts a new one.
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the durable writer stopped')));
    this.worker = worker;
    return worker;
  }
}

/** Spare files of writers whose process ended (a stop or a crash) are empty unless used: those are removed. */
function removeSparesOfEndedProcesses(stateDir: string): void {
  for (const list of fs.readdirSync(stateDir)) {
    const pid = Number(/^spares-(\d+)-\d+\.list$/.exec(list)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    let files: string[] = [];
    try {
      files = fs.readFileSync(path.join(stateDir, list), 'utf8').split('\n').filter(Boolean);
    } catch {
      continue;
    }
    for (const file of files) {
      try {
        if (fs.statSync(file).size === 0) fs.rmSync(file, { force: true });
      } catch {
        // gone already
      }
    }
    fs.rmSync(path.join(stateDir, list), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
