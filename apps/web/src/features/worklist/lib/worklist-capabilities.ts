import type { Me } from '@rangsi/contract';

/**
 * What the worklist shows and allows for a user, from the permission flags and role of spec §6. Every column and
 * action decision reads this one object, so the matrix in docs/worklist-columns.md has a single source.
 */
export interface WorklistCapabilities {
  userId: string;
  isDoctor: boolean;
  isReportEditor: boolean;
  /** EXAM_DOCUMENT: documents and files columns. */
  documents: boolean;
  /** EXAM_DOCUMENT_WRITE: upload in the documents and files dialogs. */
  uploadDocuments: boolean;
  /** EXAM_DICOM: image column (viewer). */
  images: boolean;
  /** EXAM_DICOM_APPROVE: approve or reject DICOM waiting for audit. */
  approveDicom: boolean;
  /** Web import of DICOM files for an exam: EXAM_DOCUMENT_WRITE or EXAM_DICOM_APPROVE, as the server allows. */
  importDicom: boolean;
  /** EXAM_DICOM_DELETE. */
  deleteDicom: boolean;
  /** EXAM_REPORT: report link. */
  report: boolean;
  /** EXAM_REPORT_APPROVE: approve or reject a report waiting for audit. */
  approveReport: boolean;
  /** EXAM_REPORT_EDIT. */
  editReport: boolean;
  /** EXAM_ASSIGN: doctor column, assign dialog, assigned mark. */
  assign: boolean;
  /** EXAM_DELETE: delete an exam without an accession number. */
  deleteExam: boolean;
  /** EXAM_EDIT: Edit Exam Information. */
  editExam: boolean;
  /** MENU_PACS: the accession chip links to /pacs#{accession}. */
  pacsLink: boolean;
  /** REQUEST_EXPORT: Export Film (the request's public film link) from the row, as from the request list. */
  exportFilm: boolean;
  /** Doctor: a tab per client when there is more than one. */
  clientTabs: boolean;
  /** Doctor: completed records in a collapsed section. */
  collapseCompleted: boolean;
  /** Everyone but the Report Editor (spec §6 takes it away from them only). */
  countdown: boolean;
  /** Doctor and Report Editor (spec §6). */
  branch: boolean;
  /** Doctor (spec §6). */
  age: boolean;
  /** Report Editor: "Edit by" (the latest reporter). */
  editBy: boolean;
}

export function worklistCapabilities(me: Pick<Me, 'userId' | 'roleName' | 'permissions'>): WorklistCapabilities {
  const has = new Set(me.permissions);
  const isDoctor = me.roleName === 'Doctor';
  const isReportEditor = me.roleName === 'Report Editor';
  return {
    userId: me.userId,
    isDoctor,
    isReportEditor,
    documents: has.has('EXAM_DOCUMENT'),
    uploadDocuments: has.has('EXAM_DOCUMENT') && has.has('EXAM_DOCUMENT_WRITE'),
    images: has.has('EXAM_DICOM'),
    approveDicom: has.has('EXAM_DICOM_APPROVE'),
    importDicom: has.has('EXAM_DOCUMENT_WRITE') || has.has('EXAM_DICOM_APPROVE'),
    deleteDicom: has.has('EXAM_DICOM_DELETE'),
    report: has.has('EXAM_REPORT'),
    approveReport: has.has('EXAM_REPORT_APPROVE'),
    editReport: has.has('EXAM_REPORT_EDIT'),
    assign: has.has('EXAM_ASSIGN'),
    deleteExam: has.has('EXAM_DELETE'),
    editExam: has.has('EXAM_EDIT'),
    pacsLink: has.has('MENU_PACS'),
    exportFilm: has.has('REQUEST_EXPORT'),
    clientTabs: isDoctor,
    collapseCompleted: isDoctor,
    countdown: !isReportEditor,
    branch: isDoctor || isReportEditor,
    age: isDoctor,
    editBy: isReportEditor,
  };
}
