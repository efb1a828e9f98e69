import type { Series } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { probeBranchCache } from '../lib/branch-cache-probe';
import { frameUrl } from '../lib/frame-url';

/** Rangsi itself: the default branch image cache (spec §2). */
const SELF = '/';

/**
 * The frame's address for a series: the branch image cache when it answers the probe in time (spec §7, §8), else
 * Rangsi. Null while the token or the probe (at most 777 ms) is still pending.
 */
export function useFrameSource(examId: string, series: Series | undefined, token: string | undefined): string | null {
  const cache = series?.branchCacheUrl ?? null;
  const probe = useQuery({
    queryKey: ['viewer', 'branch-cache', cache, series?.studyId, series?.seriesId, series?.imageOrientationPatient],
    queryFn: () =>
      probeBranchCache(cache!, {
        studyId: series!.studyId,
        seriesId: series!.seriesId,
        orientation: series!.imageOrientationPatient,
      }),
    enabled: Boolean(cache && series),
    staleTime: Infinity,
    retry: false,
  });
  if (!series || !token) return null;
  if (cache && probe.isPending) return null;
  const base = cache && probe.data ? cache : SELF;
  return frameUrl(base, { examId, seriesId: series.seriesId, orientation: series.imageOrientationPatient, token });
}
