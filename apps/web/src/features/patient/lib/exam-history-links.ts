import type { PatientExamHistoryRow } from '@rangsi/contract';
import { ExamStatusFlag } from '@rangsi/domain';

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
};

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
}

export function historyCapabilities(permissions: readonly string[]): HistoryCapabilities {
  const has = (code: string) => permissions.includes(code);
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
  };
}
