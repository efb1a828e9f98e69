import { useQuery } from '@tanstack/react-query';
import { getReportList } from '@/api/report-list';
import { reportListNames } from '../lib/report-tabs';

/**
 * GET /api/reports/reportlist?prefix=pacs&examBranchId= (spec §7): the report names of the exam's tabs. Any failure
 * (the report engine not answering) leaves the radiology report alone, never an error on a reader's screen.
 */
export function useReportList(examBranchId: string | null) {
  return useQuery({
    queryKey: ['report', 'list', 'pacs', examBranchId ?? ''],
    queryFn: async ({ signal }) => {
      try {
        return reportListNames(await getReportList('pacs', examBranchId, signal));
      } catch (error) {
        if (signal.aborted) throw error;
        return reportListNames(null);
      }
    },
    meta: { errorAlert: false },
    staleTime: 5 * 60_000,
  });
}
