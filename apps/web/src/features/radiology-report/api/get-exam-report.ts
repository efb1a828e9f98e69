import type { ExamReport } from '@rangsi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

export const examReportKey = (examId: string, name: string) => ['report', 'exam', examId, name] as const;

/** GET /api/exam/{examId}/report/{name}?isIncludeFinished=true (spec §7 Reports): definition, versions, draft, templates. */
export function getExamReport(examId: string, name: string, signal?: AbortSignal): Promise<ExamReport> {
  return apiRequest<ExamReport>(
    `/api/exam/${encodeURIComponent(examId)}/report/${encodeURIComponent(name)}?isIncludeFinished=true`,
    { signal },
  );
}

export function examReportQuery(examId: string, name: string) {
  return queryOptions({
    queryKey: examReportKey(examId, name),
    queryFn: ({ signal }) => getExamReport(examId, name, signal),
    // The page shows refusals (audit, scope) itself, in place of the report.
    meta: { errorAlert: false },
    staleTime: 0,
  });
}

export function useExamReport(examId: string, name: string) {
  return useQuery(examReportQuery(examId, name));
}
