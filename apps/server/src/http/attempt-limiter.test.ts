import { describe, expect, it } from 'vitest';
import { AttemptLimiter, TooManyAttempts, type AttemptPolicy } from './attempt-limiter';

const policy: AttemptPolicy = {
  free: 2,
  baseDelayMs: 1_000,
  maxDelayMs: 4_000,
  lockAfter: 5,
  lockMs: 60_000,
  windowMs: 600_000,
};

describe('AttemptLimiter (decision sec42)', () => {
  let t = 0;
  const limiter = () => new AttemptLimiter(() => new Date(t));
  const waitOf = (fn: () => unknown) => {
    try {
      fn();
      return 0;
    } catch (err) {
      if (err instanceof TooManyAttempts) return err.retryAfterSeconds;
      throw err;
    }
  };

  it('lets the free failures through, then makes each next attempt wait twice as long, then refuses for the lock time', () => {
    t = 0;
    const l = limiter();
    const fail = () => l.begin([{ key: 'k', policy }]).failed();
    fail();
    fail();
    expect(waitOf(fail)).toBe(1);
    t += 1_000;
    fail();
    expect(waitOf(fail)).toBe(2);
    t += 2_000;
    fail();
    expect(waitOf(fail)).toBe(4);
    t += 4_000;
    fail(); // the fifth failure locks
    expect(waitOf(fail)).toBe(60);
    t += 59_000;
    expect(waitOf(fail)).toBe(1);
    t += 1_000;
    expect(waitOf(fail)).toBe(0);
  });

  it('a success clears what it may clear and gives back the rest; failures are forgotten after the window', () => {
    t = 0;
    const l = limiter();
    const rules = [
      { key: 'pair', policy, clearOnSuccess: true },
      { key: 'address', policy },
    ];
    l.begin(rules).failed();
    l.begin(rules).failed();
    expect(waitOf(() => l.begin(rules))).toBe(1);
    t += 1_000;
    l.begin(rules).succeeded(); // pair cleared, address back to two failures
    expect(waitOf(() => l.begin([{ key: 'pair', policy }]).failed())).toBe(0);
    expect(waitOf(() => l.begin([{ key: 'address', policy }]))).toBe(1);
    t += 600_001;
    expect(waitOf(() => l.begin([{ key: 'address', policy }]))).toBe(0);
  });

  it('counts parallel attempts when they start, so they cannot overshoot', async () => {
    t = 0;
    const l = limiter();
    const guess = async () => {
      const attempt = l.begin([{ key: 'k', policy }]);
      await new Promise((r) => setImmediate(r)); // the password check
      attempt.failed();
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, guess));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof TooManyAttempts)).toHaveLength(38);
  });

  it('an attempt that was not a guess gives its count back', () => {
    t = 0;
    const l = limiter();
    for (let i = 0; i < 10; i++) l.begin([{ key: 'k', policy }]).cancelled();
    expect(waitOf(() => l.begin([{ key: 'k', policy }]))).toBe(0);
  });
});
