import type { Exam } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamUploadKind } from '../lib/document-types';
import { replaceExamRow } from './exam-rows-cache';
import { postMultipart } from '@/api/multipart-post';
import { examDocumentKeys, type ExamDocumentEntry } from './list-exam-documents';

export interface UploadExamDocumentInput {
  examId: string;
  kind: ExamUploadKind;
  file: File;
  /** Spec §5 filename option: replaces the base name, keeps the extension (the server applies it). */
  fileName?: string;
  onProgress?: (percent: number) => void;
}

interface UploadAnswer {
  document: ExamDocumentEntry;
  exam: Exam;
}

/**
 * POST /api/exam/{id}/{document|file} as multipart: `fileName` first, then `file` (the server reads the fields
 * in order), with upload progress.
 */
export function uploadExamDocument({
  examId,
  kind,
  file,
  fileName,
  onProgress,
}: UploadExamDocumentInput): Promise<UploadAnswer> {
  const form = new FormData();
  if (fileName?.trim()) form.append('fileName', fileName.trim());
  form.append('file', file);
  return postMultipart<UploadAnswer>(`/api/exam/${encodeURIComponent(examId)}/${kind}`, form, onProgress);
}

/** Spec §4: an upload sets hasDocument or hasFile, so the answer's exam replaces the row; the list reloads. */
export function useUploadExamDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadExamDocument,
    // Spec §8: upload failures show under the file field in red, not in the global alert.
    meta: { errorAlert: false },
    onSuccess: ({ exam }, { examId, kind }) => {
      replaceExamRow(queryClient, exam);
      void queryClient.invalidateQueries({ queryKey: examDocumentKeys.list(examId, kind) });
    },
  });
}
