import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReportList } from '@/api/report-list';

export const reportViewerKeys = {
  list: (prefix: string, examBranchId: string | null) => ['reportViewer', 'list', prefix, examBranchId] as const,
};

export function useReportList(prefix: string, examBranchId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: reportViewerKeys.list(prefix, examBranchId),
      queryFn: ({ signal }) => getReportList(prefix, examBranchId, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
