import type { Exam } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replaceExamRow } from './exam-rows-cache';
import { postMultipart, UploadRefusedError } from '@/api/multipart-post';

export interface ImportDicomInput {
  examId: string;
  files: readonly File[];
  onProgress?: (percent: number) => void;
}

/** What the archive did with the uploaded files (zip entries counted one by one). */
export interface ImportReport {
  stored: number;
  duplicate: number;
  /** Not images (DICOMDIR, non-image SOP classes): left out on purpose. */
  skipped: number;
  failed: { fileName: string; reason: string }[];
}

export interface ImportAnswer extends ImportReport {
  exam: Exam;
}

/** A file's name as sent: its path inside a chosen folder when there is one, so a failure can be found again. */
export function uploadName(file: File): string {
  return file.webkitRelativePath || file.name;
}

/**
 * POST /api/exam/{id}/dicom/import: DICOM files and zips of them in one multipart request, through the archive's
 * ingest, linked to this exam (issue 4 §10).
 */
export function importDicom({ examId, files, onProgress }: ImportDicomInput): Promise<ImportAnswer> {
  const form = new FormData();
  for (const file of files) form.append('file', file, uploadName(file));
  return postMultipart<ImportAnswer>(`/api/exam/${encodeURIComponent(examId)}/dicom/import`, form, onProgress);
}

/** The report of a refused import (nothing importable), when the server answered one. */
export function refusedReport(error: unknown): ImportReport | null {
  if (!(error instanceof UploadRefusedError)) return null;
  const data = error.data as Partial<ImportReport> | undefined;
  return data && Array.isArray(data.failed)
    ? { stored: data.stored ?? 0, duplicate: data.duplicate ?? 0, skipped: data.skipped ?? 0, failed: data.failed }
    : null;
}

/** The answer's exam (hasImage, dicomAuditStatus) replaces the row. */
export function useImportDicom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDicom,
    // The outcome, refusals included, shows in the dialog itself.
    meta: { errorAlert: false },
    onSuccess: ({ exam }) => replaceExamRow(queryClient, exam),
  });
}
