import type { PermissionCode } from './permission-codes';

/** Role names as the spec writes them (roleName in the token); Staff and Accounting are the branch roles it leaves unnamed. */
export const ROLE_NAMES = [
  'Administrator',
  'Staff',
  'Doctor',
  'Report Editor',
  'Hospital',
  'HospitalDoctor',
  'Link',
  'Accounting',
] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

/** Which rows a role reads: everything, its branch, its hospital (client), or the exams assigned to it. */
export type DataScopeKind = 'all' | 'branch' | 'hospital' | 'assigned';

const EXAM_ALL: PermissionCode[] = [
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
];
const REQUEST_ALL: PermissionCode[] = [
  'REQUEST_SEARCH',
  'REQUEST_CREATE',
  'REQUEST_EDIT',
  'REQUEST_DELETE',
  'REQUEST_DOCUMENT',
  'REQUEST_INVOICE',
  'REQUEST_EXPORT',
  'REQUEST_ACCESSION_FORCE',
];
const ACCOUNTING_ALL: PermissionCode[] = [
  'BILLING',
  'ACCOUNTING_MONEY',
  'ACCOUNTING_COST',
  'MENU_ACCOUNTING_BILLING',
  'MENU_ACCOUNTING_MONEY',
  'MENU_ACCOUNTING_COST',
  'MENU_ACCOUNTING_REPORT',
];

/** Default permission set and data scope of each role; users may add or remove flags on top. */
export const ROLE_DEFAULTS: Record<RoleName, { scope: DataScopeKind; permissions: PermissionCode[] }> = {
  Administrator: {
    scope: 'all',
    permissions: [
      ...EXAM_ALL,
      ...REQUEST_ALL,
      ...ACCOUNTING_ALL,
      'REQUEST_CUSTOM_PRICE_APPROVE',
      'PATIENT_SEARCH',
      'PATIENT_EDIT',
      'USER_ADMIN',
      'AUDIT',
      'MENU_PACS',
      'MENU_RECORD',
      'MENU_PATIENT',
      'MENU_REQUEST',
      'MENU_BRANCH_REPORT',
      'MENU_CENTER_REPORT',
      'MENU_DOCTOR_REPORT',
    ],
  },
  Staff: {
    scope: 'branch',
    permissions: [
      ...EXAM_ALL,
      ...REQUEST_ALL,
      'PATIENT_SEARCH',
      'PATIENT_EDIT',
      'MENU_PACS',
      'MENU_RECORD',
      'MENU_PATIENT',
      'MENU_REQUEST',
      'MENU_BRANCH_REPORT',
    ],
  },
  Doctor: {
    scope: 'assigned',
    permissions: ['EXAM_SEARCH', 'EXAM_DICOM', 'EXAM_REPORT', 'EXAM_DOCUMENT', 'MENU_PACS', 'MENU_DOCTOR_REPORT'],
  },
  'Report Editor': {
    scope: 'branch',
    permissions: ['EXAM_SEARCH', 'EXAM_DICOM', 'EXAM_REPORT', 'EXAM_REPORT_EDIT', 'EXAM_DOCUMENT', 'MENU_PACS'],
  },
  Hospital: {
    scope: 'hospital',
    permissions: [
      'EXAM_SEARCH',
      'EXAM_DICOM',
      'EXAM_REPORT',
      'EXAM_DOCUMENT',
      'EXAM_DOCUMENT_WRITE',
      'REQUEST_SEARCH',
      'REQUEST_CREATE',
      'REQUEST_EDIT',
      'REQUEST_DOCUMENT',
      'REQUEST_EXPORT',
      'PATIENT_SEARCH',
      'PATIENT_EDIT',
      'MENU_PACS',
      'MENU_PATIENT',
      'MENU_REQUEST',
    ],
  },
  HospitalDoctor: {
    scope: 'hospital',
    permissions: ['EXAM_SEARCH', 'EXAM_DICOM', 'EXAM_REPORT', 'REQUEST_SEARCH', 'MENU_PACS', 'MENU_REQUEST'],
  },
  Link: {
    scope: 'hospital',
    permissions: ['REQUEST_SEARCH', 'REQUEST_EXPORT', 'MENU_REQUEST'],
  },
  Accounting: {
    scope: 'branch',
    permissions: [...ACCOUNTING_ALL, 'REQUEST_SEARCH', 'REQUEST_INVOICE', 'MENU_REQUEST', 'MENU_CENTER_REPORT'],
  },
};

/** Effective permissions: the role's defaults plus the user's additions, less the user's removals. */
export function effectivePermissions(
  role: RoleName,
  added: readonly PermissionCode[] = [],
  removed: readonly PermissionCode[] = [],
): PermissionCode[] {
  const set = new Set<PermissionCode>(ROLE_DEFAULTS[role].permissions);
  for (const p of added) set.add(p);
  for (const p of removed) set.delete(p);
  return [...set].sort();
}

/** True when the text is one of the role names. */
export function isRoleName(name: string): name is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(name);
}
