/** Every permission flag a user can hold: spec §6 codes plus the menu codes the server-driven menu needs. */
export const PERMISSION_CODES = [
  'EXAM_SEARCH',
  'EXAM_DOCUMENT',
  'EXAM_DOCUMENT_WRITE',
  'EXAM_DICOM',
  'EXAM_DICOM_APPROVE',
  'EXAM_DICOM_DELETE',
  'EXAM_REPORT',
  'EXAM_REPORT_APPROVE',
  'EXAM_REPORT_EDIT',
  'EXAM_ASSIGN',
  'EXAM_DELETE',
  'EXAM_EDIT',
  'REQUEST_SEARCH',
  'REQUEST_CREATE',
  'REQUEST_EDIT',
  'REQUEST_DELETE',
  'REQUEST_DOCUMENT',
  'REQUEST_INVOICE',
  'REQUEST_EXPORT',
  'REQUEST_CUSTOM_PRICE_APPROVE',
  /** Give a request's exam an accession number by hand (forceAcceesionNumber); branch staff and administrators only. */
  'REQUEST_ACCESSION_FORCE',
  'PATIENT_SEARCH',
  'PATIENT_EDIT',
  'BILLING',
  'ACCOUNTING_MONEY',
  'ACCOUNTING_COST',
  'USER_ADMIN',
  /** Search the audit log of patient-data reads and changes (Administrator only by default). */
  'AUDIT',
  'MENU_PACS',
  'MENU_RECORD',
  'MENU_PATIENT',
  'MENU_REQUEST',
  'MENU_ACCOUNTING_BILLING',
  'MENU_ACCOUNTING_MONEY',
  'MENU_ACCOUNTING_COST',
  'MENU_ACCOUNTING_REPORT',
  'MENU_BRANCH_REPORT',
  'MENU_CENTER_REPORT',
  'MENU_DOCTOR_REPORT',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

const known = new Set<string>(PERMISSION_CODES);

/** True when the text is one of the permission codes. */
export function isPermissionCode(code: string): code is PermissionCode {
  return known.has(code);
}
