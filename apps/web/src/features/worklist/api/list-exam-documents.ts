import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import type { ExamUploadKind } from '../lib/document-types';

/** Spec §3 Document entry; uploadDate is an ISO instant, shown as dd-MM-yyyy HH:mm. */
export interface ExamDocumentEntry {
  documentId: string;
  fileName: string;
  uploadBy: string;
  uploadDate: string;
}

export const examDocumentKeys = {
  list: (examId: string, kind: ExamUploadKind) => ['exams', examId, kind] as const,
};

/** GET /api/exam/{id}/{document|file} (spec §7). */
export function examDocumentsQueryOptions(examId: string, kind: ExamUploadKind) {
  return queryOptions({
    queryKey: examDocumentKeys.list(examId, kind),
    queryFn: ({ signal }) =>
      apiRequest<ExamDocumentEntry[]>(`/api/exam/${encodeURIComponent(examId)}/${kind}`, { signal }),
    staleTime: 0,
  });
}

export function useExamDocuments(examId: string, kind: ExamUploadKind) {
  return useQuery(examDocumentsQueryOptions(examId, kind));
}
