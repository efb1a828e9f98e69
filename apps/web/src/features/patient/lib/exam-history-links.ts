import type { PatientExamHistoryRow } from '@rangsi/contract';
import { ExamStatusFlag, mayPrintBillingDocuments, ROLE_DEFAULTS, ROLE_NAMES, type RoleName } from '@rangsi/domain';

type HistoryExam = PatientExamHistoryRow['exams'][number];

/** Spec §3: status bit flags of an exam in a request row. */
export const hasFlag = (exam: Pick<HistoryExam, 'status'>, flag: number) => (exam.status & flag) === flag;

export { ExamStatusFlag };

/** Spec §2 Patient screens: where the exam-history rows link. */
export const historyLinks = {
  pacs: (accession: string) => `/pacs#${encodeURIComponent(accession)}`,
  viewer: (exam: HistoryExam) => `/viewer/${encodeURIComponent(exam.examId)}?examBranchId=${exam.branchId}`,
  report: (exam: HistoryExam) => `/report/${encodeURIComponent(exam.examId)}?examBranchId=${exam.branchId}`,
  upload: (requestId: string) => `/request/upload/${encodeURIComponent(requestId)}`,
  edit: (requestId: string) => `/request/edit/${encodeURIComponent(requestId)}`,
  invoice: (requestId: string) => `/accounting_report/${encodeURIComponent(requestId)}`,
  sticker: (requestId: string) => `/reportviewer/${encodeURIComponent(requestId)}/sticker`,
  billing: (billingId: string) => `/billing_report/${encodeURIComponent(billingId)}`,
};

/**
 * The billing batch a history row links to (decision WS35): the one the request is paid in, else the newest listing
 * it; null before any batch.
 */
export function billingOf(row: Pick<PatientExamHistoryRow, 'paidBillingId' | 'latestBillingId'>): string | null {
  return row.paidBillingId ?? row.latestBillingId;
}

/** Spec §6: which links a user's permissions show in the patient exam history. */
export interface HistoryCapabilities {
  accession: boolean;
  pacsLink: boolean;
  viewer: boolean;
  /** The DICOM viewer (Weasis) link, through a manifest URL carrying an exam token. */
  dicomLaunch: boolean;
  report: boolean;
  documentsMark: boolean;
  upload: boolean;
  edit: boolean;
  invoice: boolean;
  /** The billing statement: who may open billing documents (decision acc03, the report engine's own rule). */
  billing: boolean;
}

export function historyCapabilities(permissions: readonly string[], roleName: string): HistoryCapabilities {
  const has = (code: string) => permissions.includes(code);
  const role = ROLE_NAMES.find((r): r is RoleName => r === roleName);
  return {
    accession: has('EXAM_DICOM'),
    pacsLink: has('EXAM_DICOM') && has('MENU_PACS'),
    viewer: has('EXAM_DICOM'),
    dicomLaunch: has('EXAM_DICOM'),
    report: has('EXAM_REPORT'),
    documentsMark: has('EXAM_DOCUMENT'),
    upload: has('REQUEST_DOCUMENT'),
    edit: has('REQUEST_EDIT'),
    invoice: has('REQUEST_INVOICE'),
    billing:
      role !== undefined &&
      mayPrintBillingDocuments({ permissions: new Set(permissions), scope: ROLE_DEFAULTS[role].scope }),
  };
}
