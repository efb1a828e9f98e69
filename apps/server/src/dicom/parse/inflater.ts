import { Worker } from 'node:worker_threads';

/** Why a data set was not inflated: it passed its limit (a deflate bomb, or too big to hold), or is no deflate stream. */
export type InflateRefusalCode = 'too-large' | 'corrupt';
export type InflateOutcome = { ok: true; bytes: Buffer } | { ok: false; code: InflateRefusalCode };

/** What an observer hears of each inflation (sizes only). */
export interface InflationEvent {
  deflatedBytes: number;
  limit: number;
  outcome: 'inflated' | InflateRefusalCode;
  inflatedBytes: number;
}

type Reply = { id: number; ok: true; bytes: ArrayBuffer } | { id: number; ok: false; code: InflateRefusalCode };

/**
 * Inflates deflated data sets on a worker thread (inflate-worker.mjs), as the durable writer writes files on its own:
 * the event loop posts the deflated bytes and hears back one buffer, or a refusal once the output passed `limit`.
 * The thread starts on first use and is started again after a failure; it keeps the process alive only while it has
 * work (a CLI that awaits an inflation must not exit under it).
 */
export class DataSetInflater {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve(r: Reply): void; reject(err: Error): void }>();
  private nextId = 1;
  private readonly observers = new Set<(e: InflationEvent) => void>();

  /**
   * The inflated data set, or why not. `deflated` is handed over to the thread (detached) when `handOver` is set and it
   * owns its whole memory; otherwise it is copied.
   */
  async inflate(deflated: Uint8Array, limit: number, opts: { handOver?: boolean } = {}): Promise<InflateOutcome> {
    const deflatedBytes = deflated.byteLength;
    const owns =
      opts.handOver &&
      deflated.byteOffset === 0 &&
      deflated.byteLength === deflated.buffer.byteLength &&
      deflated.buffer instanceof ArrayBuffer;
    const bytes = owns ? deflated : new Uint8Array(deflated);
    const worker = this.started();
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    if (this.waiting.size === 1) worker.ref();
    worker.postMessage({ id, bytes, limit }, [bytes.buffer as ArrayBuffer]);
    const r = await reply;
    const outcome: InflateOutcome = r.ok ? { ok: true, bytes: Buffer.from(r.bytes) } : { ok: false, code: r.code };
    const event: InflationEvent = {
      deflatedBytes,
      limit,
      outcome: outcome.ok ? 'inflated' : outcome.code,
      inflatedBytes: outcome.ok ? outcome.bytes.length : 0,
    };
    for (const o of this.observers) o(event);
    return outcome;
  }

  /** Hears of every inflation from now on (tests count them); returns the way to stop. */
  observe(observer: (e: InflationEvent) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failWaiting(new Error('the inflater was closed'));
    await worker?.terminate();
  }

  private failWaiting(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./inflate-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) worker.unref();
      w.resolve(m);
    });
    // A thread that died fails what it held; the next inflation starts a new one.
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failWaiting(err);
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the inflater thread stopped')));
    this.worker = worker;
    return worker;
  }
}

/** The process's inflater: ingest and viewing share its thread. */
export const dataSetInflater = new DataSetInflater();
