import { Worker } from 'node:worker_threads';
import type { GeneratedModality, StudyOptions } from './index';
import type { WorkerReply, WorkerRequest } from './worker-main';

type Pending = { push(reply: WorkerReply): void };

/**
 * Generates studies on a worker thread, so the server's event loop stays free while pixels are computed (a 512×512
 * slice or a 1024×1024 radiograph takes tens to hundreds of milliseconds). One study at a time.
 */
export class GeneratorWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => this.pending.get(reply.id)?.push(reply));
    worker.on('error', (err) => this.failAll(err.message));
    worker.on('exit', () => this.failAll('the generator worker stopped'));
  }

  /** A running worker, or null when one cannot start here (then generate in the calling thread). */
  static async start(timeoutMs = 30_000): Promise<GeneratorWorker | null> {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./worker.mjs', import.meta.url));
    } catch {
      return null;
    }
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      worker.once('message', (m: WorkerReply) => {
        clearTimeout(timer);
        resolve(m.kind === 'ready');
      });
      worker.once('error', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!ready) {
      await worker.terminate();
      return null;
    }
    worker.unref();
    return new GeneratorWorker(worker);
  }

  /** The Part-10 bytes of each instance of a study, as the worker makes them. */
  async *study(modality: GeneratedModality, options: StudyOptions): AsyncGenerator<Buffer> {
    const id = this.nextId++;
    const queue: WorkerReply[] = [];
    let wake: (() => void) | null = null;
    this.pending.set(id, {
      push: (reply) => {
        queue.push(reply);
        wake?.();
      },
    });
    try {
      this.worker.postMessage({ id, modality, options } satisfies WorkerRequest);
      for (;;) {
        if (!queue.length)
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        wake = null;
        const reply = queue.shift()!;
        if (reply.kind === 'instance') yield Buffer.from(reply.bytes);
        else if (reply.kind === 'end') return;
        else if (reply.kind === 'error') throw new Error(`generator worker: ${reply.message}`);
      }
    } finally {
      this.pending.delete(id);
    }
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(message: string): void {
    for (const [id, p] of this.pending) p.push({ id, kind: 'error', message });
  }
}
