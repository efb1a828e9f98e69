import type { Report } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/api-client';

export const reportViewerKeys = {
  list: (prefix: string, examBranchId: string | null) => ['reportViewer', 'list', prefix, examBranchId] as const,
};

/** GET /api/reports/reportlist?prefix=&examBranchId= (spec §7 Reports): the reports of a kind the user may run. */
export function getReportList(prefix: string, examBranchId: string | null, signal?: AbortSignal): Promise<Report[]> {
  const query = new URLSearchParams({ prefix });
  if (examBranchId) query.set('examBranchId', examBranchId);
  return apiRequest<Report[]>(`/api/reports/reportlist?${query.toString()}`, { signal });
}

export function useReportList(prefix: string, examBranchId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: reportViewerKeys.list(prefix, examBranchId),
      queryFn: ({ signal }) => getReportList(prefix, examBranchId, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
