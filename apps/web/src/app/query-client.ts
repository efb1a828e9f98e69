import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';
import type { RangsiQueryMeta } from '@/api/query-meta';
import { showErrorAlert } from '@/components/error-alert/error-alert-store';

function reportFailure(error: unknown, meta: RangsiQueryMeta | undefined): void {
  if (meta?.errorAlert === false) return;
  // A 401 is already on its way to the logon page; an alert would only flash.
  if (error instanceof ApiError && error.isUnauthorized) return;
  showErrorAlert(error instanceof ApiError ? error.message : undefined);
}

/** Retrying a refused request cannot help; a dropped connection or a 5xx may be gone on the second try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportFailure(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => reportFailure(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // Screens that must stay fresh (worklist) poll on purpose; refetching everything on each focus
        // would be noise for staff switching between the viewer and this window all day.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
