/** Spec §8: the branch image cache check is abandoned after 777 ms, and any error there is ignored. */
export const BRANCH_CACHE_TIMEOUT_MS = 777;

export interface ProbeTarget {
  studyId: string;
  seriesId: string;
  orientation: string | null;
}

/** The base address always ends with a slash, so paths append the same way for the server and a cache. */
export function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/**
 * Spec §7 Branch image cache: GET {cache}features; when the text names BRANCH_CACHE, GET
 * {cache}check/{studyId}/{seriesId}/{orientation}. True only when both answer 2xx within the time limit; a slow,
 * down or unwilling cache is simply not used (false), never an error for the user.
 */
export async function probeBranchCache(
  cacheUrl: string,
  target: ProbeTarget,
  timeoutMs = BRANCH_CACHE_TIMEOUT_MS,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const base = withSlash(cacheUrl);
    const features = await fetchImpl(`${base}features`, { signal: controller.signal, credentials: 'omit' });
    if (!features.ok || !(await features.text()).includes('BRANCH_CACHE')) return false;
    const path = [target.studyId, target.seriesId, target.orientation ?? ''].map(encodeURIComponent).join('/');
    const check = await fetchImpl(`${base}check/${path}`, { signal: controller.signal, credentials: 'omit' });
    return check.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
