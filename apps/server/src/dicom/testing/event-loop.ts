import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Runs `work` and answers with its result and the longest the event loop was held meanwhile, in milliseconds. */
export async function withLoopDelay<T>(work: () => Promise<T>): Promise<{ result: T; maxDelayMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await work();
    return { result, maxDelayMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}
