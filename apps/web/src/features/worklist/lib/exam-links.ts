import type { Exam } from '@rangsi/contract';

type Target = Pick<Exam, 'examId' | 'branchId'>;

/** Spec §2 Series viewer; opened in a new window. */
export function viewerUrl(exam: Target): string {
  return `/viewer/${encodeURIComponent(exam.examId)}?examBranchId=${exam.branchId}`;
}

/** Spec §2 Report screens; opened in a new window. */
export function reportUrl(exam: Target): string {
  return `/report/${encodeURIComponent(exam.examId)}?examBranchId=${exam.branchId}`;
}

/** Spec §2: the accession chip's target. */
export function pacsAccessionPath(accession: string): string {
  return `/pacs#${encodeURIComponent(accession)}`;
}

/** Spec §7: GET /api/exam/{examId}/document/{documentId} opens one document (files too) in a window. */
export function examDocumentUrl(examId: string, documentId: string): string {
  return `/api/exam/${encodeURIComponent(examId)}/document/${encodeURIComponent(documentId)}`;
}
