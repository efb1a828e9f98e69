/** Median of the samples (mean of the middle two for an even count). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100): the smallest sample with at least p% of samples at or below it. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function formatMs(ms: number): string {
  return `${ms < 100 ? ms.toFixed(1) : Math.round(ms).toString()} ms`;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** formatMs, or "—" for a number that is not finite (no samples). */
export function formatMsOrDash(ms: number): string {
  return Number.isFinite(ms) ? formatMs(ms) : '—';
}

/** formatMs, or "—" when there is no number (CPU time off Linux). */
export function formatOptionalMs(ms: number | undefined): string {
  return ms === undefined ? '—' : formatMs(ms);
}

/** Whole megabytes: "123 MB". */
export function formatMb(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(0)} MB`;
}
