import { useQuery } from '@tanstack/react-query';
import { hasViews, mammoPrior, mammoViewsOf } from '../api/mammo-views';

const quiet = { retry: false, staleTime: 5 * 60_000, meta: { errorAlert: false } } as const;

/**
 * The mammography hanging (decision V16) of an MG exam: its four views and the newest prior mammogram's. `examId` is
 * null for other modalities (nothing is read). `hung` says the four-up is shown; `pending` while that is not known.
 */
export function useMammoHanging(examId: string | null, token: string) {
  const current = useQuery({
    ...quiet,
    queryKey: ['dicom-viewer', 'mammo', examId, token],
    queryFn: () => mammoViewsOf(examId!, token),
    enabled: examId !== null,
  });
  const hung = hasViews(current.data);
  const prior = useQuery({
    ...quiet,
    queryKey: ['dicom-viewer', 'mammo-prior', examId, token],
    queryFn: () => mammoPrior(examId!, token),
    enabled: examId !== null && hung,
  });
  return {
    hung,
    pending: examId !== null && current.isPending,
    current: hung ? current.data : null,
    // A failed search for a prior leaves the four-up alone.
    prior: prior.data ?? null,
  };
}
