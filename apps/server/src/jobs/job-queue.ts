import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { bossDb } from './pg-boss-db';

/** Where the queue reports (never job payloads, never error messages of drivers: they can quote values). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobContext {
  jobId: string;
  /** 1 for the first run, 2 for the first retry … */
  attempt: number;
  /** No retry follows if this run fails: the handler records the failure where people see it. */
  lastAttempt: boolean;
  /** Aborted when the process stops: long handlers check it between files and give the job back. */
  signal: AbortSignal;
}

export interface JobDefinition<S extends z.ZodType<Record<string, unknown>>> {
  /** Queue name: lower case, digits and dashes. */
  name: string;
  /** The payload's shape: ids only, never patient data (it is stored in the job table and shown in its tools). */
  payload: S;
  run(data: z.infer<S>, ctx: JobContext): Promise<void>;
  /** Retries after the first run (default 5), the first after retryDelaySeconds (default 30), then doubling. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run longer than this is taken as lost (a killed process) and retried (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * At most one job per key waiting and one running (pg-boss policy 'stately'): a second send while one waits is
   * dropped. Without it every send is a job.
   */
  singletonKey?: (data: z.infer<S>) => string;
  /** Jobs of this queue run at once in one process (default 1). */
  concurrency?: number;
  /** Cron (Asia/Bangkok) on which a job with an empty payload is sent, while workers run. */
  schedule?: string;
}

export interface SendOptions {
  /** Send inside this transaction: the job exists only if it commits. */
  tx?: Database;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface StartOptions {
  /**
   * true: poll the queues, run schedules and pg-boss's maintenance (expired runs retried, old jobs removed).
   * false: only sending (tests run jobs with drain()).
   */
  workers: boolean;
  /** How often an idle worker looks for work (default 5 s; a sender on this server wakes it at once with notify()). */
  pollingIntervalSeconds?: number;
}

const TIME_ZONE = 'Asia/Bangkok';
const DEFAULT_EXPIRE_SECONDS = 15 * 60;
type AnyDefinition = JobDefinition<z.ZodType<Record<string, unknown>>>;

/**
 * The durable job queue: pg-boss 10 on the application's own database (PGlite or PostgreSQL; its tables in the
 * `pgboss` schema, docs/decisions/d8-jobs-live-pg-boss-own.md). Jobs are claimed with SELECT … FOR UPDATE SKIP LOCKED, so any server of a
 * scale-out may run any job; a job whose process died is retried after its expiry; failures are retried with
 * exponential backoff. Handlers must be idempotent: a job can run again after a crash.
 */
export class JobQueue {
  private readonly definitions = new Map<string, AnyDefinition>();
  private readonly workerIds = new Map<string, string[]>();
  private readonly running = new Set<AbortController>();
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: JobLog,
  ) {}

  /** Declares a queue and its handler; before start(). */
  define<S extends z.ZodType<Record<string, unknown>>>(def: JobDefinition<S>): JobHandle<z.infer<S>> {
    if (!/^[a-z0-9-]+$/.test(def.name)) throw new Error(`bad job name ${def.name}`);
    if (this.definitions.has(def.name)) throw new Error(`job ${def.name} defined twice`);
    if (this.boss) throw new Error(`job ${def.name} defined after start`);
    this.definitions.set(def.name, def);
    return new JobHandle(this, def.name);
  }

  /** Installs or migrates pg-boss's schema, creates the queues and, with workers, starts polling and schedules. */
  start(opts: StartOptions): Promise<void> {
    this.starting ??= this.doStart(opts);
    return this.starting;
  }

  private async doStart(opts: StartOptions): Promise<void> {
    const boss = new PgBoss({
      db: bossDb(this.db),
      supervise: opts.workers,
      schedule: opts.workers,
      migrate: true,
      // Completed jobs stay a day for inspection, then move to pg-boss's archive, which keeps them a week.
      archiveCompletedAfterSeconds: 24 * 3600,
    });
    boss.on('error', (err: unknown) => this.log.warn({ err: summary(err) }, 'job queue error'));
    await boss.start();
    for (const def of this.definitions.values()) {
      const options: PgBoss.Queue = {
        name: def.name,
        policy: def.singletonKey ? 'stately' : 'standard',
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      };
      if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, options);
      else await boss.createQueue(def.name, options);
    }
    this.boss = boss;
    if (!opts.workers) return;
    for (const def of this.definitions.values()) {
      const ids: string[] = [];
      for (let i = 0; i < (def.concurrency ?? 1); i++) {
        ids.push(
          await boss.work<Record<string, unknown>>(
            def.name,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 5 },
            async ([job]) => {
              if (job) await this.execute(def, job);
            },
          ),
        );
      }
      this.workerIds.set(def.name, ids);
      if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: TIME_ZONE });
      else await boss.unschedule(def.name);
    }
    this.log.info({ queues: [...this.definitions.keys()] }, 'job workers started');
  }

  /** Stops polling, asks running handlers to give up, waits for them (at most timeoutMs), then lets go of pg-boss. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    const boss = this.boss;
    if (!boss) return;
    for (const c of this.running) c.abort();
    // pg-boss waits for handlers still running, then fails them so they are retried; the database is ours to close.
    await boss.stop({ graceful: true, close: false, timeout: timeoutMs, wait: true });
  }

  async send(name: string, data: Record<string, unknown>, opts: SendOptions = {}): Promise<string | null> {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    const boss = this.requireBoss();
    const payload = def.payload.parse(data);
    return boss.send(name, payload, {
      ...(opts.tx ? { db: bossDb(opts.tx) } : {}),
      ...(opts.startAfterSeconds ? { startAfter: Math.ceil(opts.startAfterSeconds) } : {}),
      ...(def.singletonKey ? { singletonKey: def.singletonKey(payload) } : {}),
    });
  }

  /** Wakes this process's idle workers of a queue (after a commit that sent a job someone waits for). */
  notify(name: string): void {
    for (const id of this.workerIds.get(name) ?? []) this.boss?.notifyWorker(id);
  }

  /**
   * Takes back runs that outlived their expiry (their process died): retried, or failed after the last retry.
   * Workers do this themselves every few minutes; tests and a CLI without workers call it.
   */
  async expireStale(): Promise<void> {
    await this.requireBoss().expire();
  }

  /** Whether a job with this singleton key is waiting, waiting for a retry or running. */
  async isPending(name: string, key: string): Promise<boolean> {
    this.requireBoss();
    const { rows } = await bossDb(this.db).executeSql(
      "select 1 from pgboss.job where name = $1 and singleton_key = $2 and state in ('created', 'retry', 'active') limit 1",
      [name, key],
    );
    return rows.length > 0;
  }

  /**
   * Runs waiting jobs in this process until none is left (tests, and a CLI without workers). With `includeDelayed`,
   * jobs whose start is later (a grace period, a retry's backoff) run too. Returns how many ran.
   */
  async drain(
    opts: { includeDelayed?: boolean; maxJobs?: number; only?: string[] } = {},
  ): Promise<{ ran: number; failed: number }> {
    const boss = this.requireBoss();
    const max = opts.maxJobs ?? 1000;
    let ran = 0;
    let failed = 0;
    for (let progress = true; progress && ran < max;) {
      progress = false;
      for (const def of this.definitions.values()) {
        if (opts.only && !opts.only.includes(def.name)) continue;
        const [job] = await boss.fetch<Record<string, unknown>>(def.name, {
          batchSize: 1,
          includeMetadata: true,
          ignoreStartAfter: opts.includeDelayed ?? false,
        });
        if (!job) continue;
        progress = true;
        ran += 1;
        try {
          await this.execute(def, job);
          await boss.complete(def.name, job.id);
        } catch (err) {
          failed += 1;
          await boss.fail(def.name, job.id, { message: (err as Error).message });
        }
      }
    }
    return { ran, failed };
  }

  /** One run of a handler; what is thrown carries no data (it is stored with the job). */
  private async execute(def: AnyDefinition, job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<void> {
    const attempt = job.retryCount + 1;
    const lastAttempt = job.retryCount >= job.retryLimit;
    const parsed = def.payload.safeParse(job.data);
    if (!parsed.success) {
      this.log.error({ job: def.name, jobId: job.id }, 'job payload invalid');
      throw new Error(`${def.name}: invalid payload`);
    }
    const controller = new AbortController();
    this.running.add(controller);
    // Past its expiry the run counts as lost and may start again elsewhere: this one is asked to give up.
    const expiry = setTimeout(() => controller.abort(), (def.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS) * 1000);
    expiry.unref();
    const started = Date.now();
    try {
      await def.run(parsed.data, { jobId: job.id, attempt, lastAttempt, signal: controller.signal });
      this.log.info({ job: def.name, jobId: job.id, attempt, ms: Date.now() - started }, 'job done');
    } catch (err) {
      const s = summary(err);
      const reason = err instanceof JobError ? err.message : `${s.name}${s.code ? ` ${s.code}` : ''}`;
      this.log[lastAttempt ? 'error' : 'warn'](
        { job: def.name, jobId: job.id, attempt, lastAttempt, err: s, reason },
        'job failed',
      );
      throw new Error(`${def.name} failed: ${reason}`);
    } finally {
      clearTimeout(expiry);
      this.running.delete(controller);
    }
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error('the job queue is not started');
    return this.boss;
  }
}

/** A failure whose message is safe to log and to keep with the job: no patient data, no driver text. */
export class JobError extends Error {
  constructor(
    message: string,
    readonly code = 'JOB_FAILED',
  ) {
    super(message);
    this.name = 'JobError';
  }
}

/** A defined queue, typed by its payload. */
export class JobHandle<T extends Record<string, unknown>> {
  constructor(
    private readonly queue: JobQueue,
    readonly name: string,
  ) {}

  send(data: T, opts?: SendOptions): Promise<string | null> {
    return this.queue.send(this.name, data, opts);
  }

  notify(): void {
    this.queue.notify(this.name);
  }

  isPending(key: string): Promise<boolean> {
    return this.queue.isPending(this.name, key);
  }
}

/** An error for the log without its message (driver messages can quote values). */
function summary(err: unknown): { name: string; code?: string } {
  const e = err as { name?: string; code?: string } | null;
  return { name: e?.name ?? 'Error', ...(e?.code ? { code: String(e.code) } : {}) };
}
