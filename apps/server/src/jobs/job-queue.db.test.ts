import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { JobQueue, type JobContext } from './job-queue';
import { reopenableDatabase } from './testing/reopenable-database';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const Payload = z.object({ examId: z.string().uuid() }).strict();
const EXAM = '00000000-0000-4000-8000-000000000001';
async function rows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe(JobQueue.name, () => {
  let database: DatabaseHandle;
  let sut: JobQueue;
  const runs: { name: string; examId: string; ctx: JobContext }[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    sut = new JobQueue(database.db, silent);
    sut.define({
      name: 'test-plain',
      payload: Payload,
      run: async (d, ctx) => {
        runs.push({ name: 'test-plain', examId: d.examId, ctx });
      },
    });
    sut.define({
      name: 'test-keyed',
      payload: Payload,
      singletonKey: (d) => d.examId,
      run: async (d, ctx) => {
        runs.push({ name: 'test-keyed', examId: d.examId, ctx });
      },
    });
    sut.define({
      name: 'test-flaky',
      payload: Payload,
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async (d, ctx) => {
        runs.push({ name: 'test-flaky', examId: d.examId, ctx });
        if (failuresLeft-- > 0)
          throw Object.assign(new Error('disk unplugged at /data/patient-name.dcm'), { code: 'EIO' });
      },
    });
    await sut.start({ workers: false });
  });
  afterAll(async () => {
    await sut.stop();
    await database.close();
  });

  it('keeps a job sent inside a transaction when it commits and drops it when it rolls back', async () => {
    runs.length = 0;
    await database.db.transaction(async (tx) => {
      await sut.send('test-plain', { examId: EXAM }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await sut.send('test-plain', { examId: '00000000-0000-4000-8000-000000000002' }, { tx });
        throw new Error('the exam update failed');
      }),
    ).rejects.toThrow('the exam update failed');
    expect(await sut.drain()).toEqual({ ran: 1, failed: 0 });
    expect(runs.map((r) => r.examId)).toEqual([EXAM]);
  });

  it('refuses a payload that is not ids only (no patient data in the job table)', async () => {
    await expect(sut.send('test-plain', { examId: EXAM, patientName: 'สมชาย ใจดี' })).rejects.toThrow();
    await expect(sut.send('test-plain', { examId: 'HN-12345' })).rejects.toThrow();
  });

  it('retries a failing job with backoff, tells the handler its attempt, and stores no driver text with the job', async () => {
    runs.length = 0;
    failuresLeft = 2;
    const id = await sut.send('test-flaky', { examId: EXAM });
    expect(await sut.drain()).toEqual({ ran: 1, failed: 1 });
    // The retry waits for its delay: nothing is due right now.
    expect(await sut.drain()).toEqual({ ran: 0, failed: 0 });
    const [row] = await rows<{ state: string; delayed: boolean; output: string }>(
      database,
      sql`select state, start_after > now() as delayed, output::text as output from pgboss.job where id = ${id}`,
    );
    expect(row).toMatchObject({ state: 'retry', delayed: true });
    expect(row!.output).not.toContain('patient-name');
    expect(row!.output).toContain('EIO');
    expect(await sut.drain({ includeDelayed: true })).toEqual({ ran: 2, failed: 1 });
    expect(runs.map((r) => [r.ctx.attempt, r.ctx.lastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const [done] = await rows<{ state: string }>(database, sql`select state from pgboss.job where id = ${id}`);
    expect(done?.state).toBe('completed');
  });

  it('keeps one waiting job per singleton key', async () => {
    runs.length = 0;
    const first = await sut.send('test-keyed', { examId: EXAM });
    const second = await sut.send('test-keyed', { examId: EXAM });
    const other = await sut.send('test-keyed', { examId: '00000000-0000-4000-8000-000000000003' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(other).toBeTruthy();
    expect(await sut.isPending('test-keyed', EXAM)).toBe(true);
    expect(await sut.drain()).toEqual({ ran: 2, failed: 0 });
    expect(await sut.isPending('test-keyed', EXAM)).toBe(false);
    // Once it ran, the key takes a new job again.
    expect(await sut.send('test-keyed', { examId: EXAM })).toBeTruthy();
    await sut.drain();
  });
});

describe('jobs across a restart', () => {
  let db: Awaited<ReturnType<typeof reopenableDatabase>>;
  beforeAll(async () => {
    db = await reopenableDatabase();
  });
  afterAll(async () => {
    await db.dispose();
  });

  const queue = (database: DatabaseHandle, run: (examId: string, ctx: JobContext) => Promise<void>) => {
    const q = new JobQueue(database.db, silent);
    q.define({ name: 'test-durable', payload: Payload, expireInSeconds: 1, run: (d, ctx) => run(d.examId, ctx) });
    return q;
  };

  it('a job sent before a restart runs once after it; one killed while running runs again after its expiry', async () => {
    // First life: two jobs are sent; one of them starts and the process dies in the middle of it.
    let database = await db.open();
    let started = false;
    let q = queue(database, () => {
      started = true;
      return new Promise(() => undefined);
    });
    await q.start({ workers: false });
    await q.send('test-durable', { examId: EXAM });
    void q.drain({ maxJobs: 1 });
    await vi.waitFor(
      () => {
        if (!started) throw new Error('the first job has not started');
      },
      { timeout: 10_000, interval: 20 },
    );
    await q.send('test-durable', { examId: '00000000-0000-4000-8000-000000000004' });
    await q.stop(1000);
    await database.close();

    // Second life: the waiting job runs once; the interrupted one is taken back after its expiry and runs once more.
    database = await db.open();
    const ran: [string, number][] = [];
    q = queue(database, async (examId, ctx) => {
      ran.push([examId, ctx.attempt]);
    });
    await q.start({ workers: false });
    try {
      expect(await q.drain()).toEqual({ ran: 1, failed: 0 });
      expect(ran).toEqual([['00000000-0000-4000-8000-000000000004', 1]]);
      // Its expiry (a second, on the database's clock) is waited for by asking until it is back, not by a sleep.
      let drained = { ran: 0, failed: 0 };
      await vi.waitFor(
        async () => {
          await q.expireStale();
          drained = await q.drain({ includeDelayed: true });
          if (drained.ran === 0) throw new Error('the interrupted job has not been taken back yet');
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(drained).toEqual({ ran: 1, failed: 0 });
      expect(ran).toEqual([
        ['00000000-0000-4000-8000-000000000004', 1],
        [EXAM, 2],
      ]);
      expect(await q.drain({ includeDelayed: true })).toEqual({ ran: 0, failed: 0 });
    } finally {
      await q.stop();
      await database.close();
    }
  });

  it('runs jobs with its own workers when started with workers', async () => {
    const database = await db.open();
    const ran: string[] = [];
    const q = queue(database, async (examId) => {
      ran.push(examId);
    });
    await q.start({ workers: true, pollingIntervalSeconds: 0.5 });
    try {
      await q.send('test-durable', { examId: EXAM });
      q.notify('test-durable');
      await vi.waitFor(() => expect(ran).toEqual([EXAM]), { timeout: 10_000, interval: 50 });
    } finally {
      await q.stop();
      await database.close();
    }
  });
});
