import type { Exam } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { redirectToLogOn } from '../../../api/log-on-redirect';
import type { ExamUploadKind } from '../lib/document-types';
import { replaceExamRow } from './exam-rows-cache';
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
 * in order). XMLHttpRequest rather than fetch because only it reports upload progress, which a large file needs.
 */
export function uploadExamDocument({ examId, kind, file, fileName, onProgress }: UploadExamDocumentInput): Promise<UploadAnswer> {
  const form = new FormData();
  if (fileName?.trim()) form.append('fileName', fileName.trim());
  form.append('file', file);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/exam/${encodeURIComponent(examId)}/${kind}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onload = () => {
      if (xhr.status === 401) redirectToLogOn();
      const envelope = parseEnvelope(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success && envelope.data) {
        resolve(envelope.data);
      } else {
        reject(new ApiError(xhr.status, envelope?.message, envelope?.errors ?? []));
      }
    };
    xhr.send(form);
  });
}

interface UploadEnvelope {
  success: boolean;
  data?: UploadAnswer;
  message?: string;
  errors?: { field: string; message: string }[];
}

function parseEnvelope(text: string): UploadEnvelope | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'success' in parsed ? (parsed as UploadEnvelope) : null;
  } catch {
    return null;
  }
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
