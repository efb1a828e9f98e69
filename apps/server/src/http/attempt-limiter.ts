import { msg } from '../i18n/catalogue';
import { DomainError } from './domain-error';
import { httpError } from './http.errors';

/** How failures on one key slow the next attempt (decision sec42). */
export interface AttemptPolicy {
  /** Failures allowed before any wait. */
  free: number;
  /** The wait after the first failure beyond `free`; it doubles with each further failure. */
  baseDelayMs: number;
  /** The longest a growing wait gets. */
  maxDelayMs: number;
  /** From this many failures on, the key is refused for `lockMs` after the last one (omit: only ever a delay). */
  lockAfter?: number;
  lockMs?: number;
  /** Failures are forgotten this long after the last one. */
  windowMs: number;
}

interface KeyState {
  failures: number;
  last: number;
}

/** One attempt in progress: reserved on every key before the check ran, settled by its outcome. */
export interface Attempt {
  /** It failed (wrong password or PIN): the reserved counts stay. */
  failed(): void;
  /** It succeeded: the keys marked `clearOnSuccess` are forgotten, the others give their count back. */
  succeeded(): void;
  /** It was not a guess at all (unknown link, no PIN sent, server error): every reserved count is given back. */
  cancelled(): void;
}

/** A 429 with the seconds to wait; routes copy them into Retry-After. */
export class TooManyAttempts extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(httpError.kinds.TOO_MANY_ATTEMPTS, msg('TOO_MANY_ATTEMPTS', { seconds: retryAfterSeconds }), {
      data: { retryAfterSeconds },
    });
  }
}

/**
 * Counts failed guesses (passwords, film-link PINs) per key in this process. `begin` checks and reserves a count on
 * every key in one synchronous step, before the guess is checked, so parallel attempts can never pass more than
 * the policy allows: JavaScript runs it without interleaving (decision sec42).
 */
export class AttemptLimiter {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly maxKeys = 100_000,
  ) {}

  /** Reserves an attempt on every key, or throws TooManyAttempts with the longest wait among them. */
  begin(rules: { key: string; policy: AttemptPolicy; clearOnSuccess?: boolean }[]): Attempt {
    const now = this.now().getTime();
    let waitMs = 0;
    for (const { key, policy } of rules) waitMs = Math.max(waitMs, this.waitFor(key, policy, now));
    if (waitMs > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    if (this.keys.size > this.maxKeys)
      this.sweep(
        now,
        rules.map((r) => r.policy.windowMs),
      );
    for (const { key } of rules) {
      const s = this.keys.get(key);
      if (s) {
        s.failures += 1;
        s.last = now;
      } else this.keys.set(key, { failures: 1, last: now });
    }
    let settled = false;
    const giveBack = (clear: (rule: (typeof rules)[number]) => boolean) => {
      if (settled) return;
      settled = true;
      for (const rule of rules) {
        const s = this.keys.get(rule.key);
        if (!s) continue;
        if (clear(rule) || s.failures <= 1) this.keys.delete(rule.key);
        else s.failures -= 1;
      }
    };
    return {
      failed: () => {
        settled = true;
      },
      succeeded: () => giveBack((rule) => rule.clearOnSuccess === true),
      cancelled: () => giveBack(() => false),
    };
  }

  /** How long the key must still wait, 0 when it may try now. */
  private waitFor(key: string, policy: AttemptPolicy, now: number): number {
    const s = this.keys.get(key);
    if (!s) return 0;
    if (now - s.last > policy.windowMs) {
      this.keys.delete(key);
      return 0;
    }
    let until = s.last;
    if (policy.lockAfter !== undefined && s.failures >= policy.lockAfter)
      until = s.last + (policy.lockMs ?? policy.windowMs);
    else if (s.failures >= policy.free)
      until = s.last + Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (s.failures - policy.free));
    return Math.max(0, until - now);
  }

  /** Drops keys idle longer than the longest window in use, so a flood of addresses cannot grow memory for ever. */
  private sweep(now: number, windows: number[]): void {
    const longest = Math.max(...windows);
    for (const [key, s] of this.keys) if (now - s.last > longest) this.keys.delete(key);
    // Still too many (a flood within the window): forget the oldest half rather than grow without bound.
    if (this.keys.size > this.maxKeys) {
      const oldest = [...this.keys.entries()]
        .sort((a, b) => a[1].last - b[1].last)
        .slice(0, Math.floor(this.keys.size / 2));
      for (const [key] of oldest) this.keys.delete(key);
    }
  }
}
