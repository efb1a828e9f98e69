/**
 * Calls to the workstation and hospital helpers (spec §7 Local helper services) go straight from the browser to
 * them, not through our server: another origin, no cookies, their own envelope, and a time-out of our choosing.
 */
export type HelperFailure = 'timeout' | 'unreachable' | 'http' | 'bad-answer';

export class HelperError extends Error {
  override readonly name = 'HelperError';
  constructor(
    readonly kind: HelperFailure,
    readonly status = 0,
    message: string = kind,
  ) {
    super(message);
  }
}

export interface HelperAnswer<T> {
  success?: boolean;
  data?: T;
  message?: string | null;
}

/** GETs `url` and parses JSON; fails with a HelperError naming what went wrong. */
export async function helperGet<T>(
  url: string,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<{ status: number; body: HelperAnswer<T> }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new HelperError('timeout')), timeoutMs);
  const abortOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', abortOuter);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
        headers: { Accept: 'application/json' },
      });
    } catch (cause) {
      if (outer?.aborted) throw cause;
      if (controller.signal.aborted) throw new HelperError('timeout');
      throw new HelperError('unreachable');
    }
    const text = await response.text().catch(() => '');
    let body: HelperAnswer<T>;
    try {
      body = (text ? JSON.parse(text) : {}) as HelperAnswer<T>;
    } catch {
      throw new HelperError(response.ok ? 'bad-answer' : 'http', response.status);
    }
    if (!response.ok && response.status !== 404)
      throw new HelperError('http', response.status, body.message ?? undefined);
    return { status: response.status, body };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abortOuter);
  }
}
