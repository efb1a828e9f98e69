import type { PermissionCode } from './permission-codes';

/** A menu entry: the route is /{code}; it shows when the user holds its permission. */
export interface MenuDefinition {
  code: string;
  permission: PermissionCode;
  titleTh: string;
  titleEn: string;
  subMenu?: { code: string; titleTh: string; titleEn: string }[];
  /** Opens in a new window (spec §2: branch_report). */
  newWindow?: boolean;
}

/** The server-driven menu in display order; accounting_* items exist for report routes and are filtered out of the menu by the client. */
export const MENU_DEFINITIONS: readonly MenuDefinition[] = [
  { code: 'pacs', permission: 'MENU_PACS', titleTh: 'รายการตรวจ (PACS)', titleEn: 'Exams (PACS)' },
  { code: 'record', permission: 'MENU_RECORD', titleTh: 'บันทึกการตรวจ', titleEn: 'Exam records' },
  { code: 'patient', permission: 'MENU_PATIENT', titleTh: 'ทะเบียนผู้ป่วย', titleEn: 'Patients' },
  { code: 'request', permission: 'MENU_REQUEST', titleTh: 'ใบส่งตรวจ', titleEn: 'Requests' },
  { code: 'accounting', permission: 'MENU_ACCOUNTING_BILLING', titleTh: 'บัญชีและการเงิน', titleEn: 'Accounting' },
  {
    code: 'branch_report',
    permission: 'MENU_BRANCH_REPORT',
    titleTh: 'รายงานสาขา',
    titleEn: 'Branch report',
    newWindow: true,
    subMenu: [
      { code: 'branch_report/daily', titleTh: 'รายงานประจำวัน', titleEn: 'Daily' },
      { code: 'branch_report/monthly', titleTh: 'รายงานประจำเดือน', titleEn: 'Monthly' },
    ],
  },
  { code: 'center_report', permission: 'MENU_CENTER_REPORT', titleTh: 'รายงานศูนย์', titleEn: 'Center report' },
  { code: 'doctor_report', permission: 'MENU_DOCTOR_REPORT', titleTh: 'รายงานแพทย์', titleEn: 'Doctor report' },
  {
    code: 'accounting_report',
    permission: 'MENU_ACCOUNTING_REPORT',
    titleTh: 'รายงานบัญชี',
    titleEn: 'Accounting report',
  },
  { code: 'admin/audit', permission: 'AUDIT', titleTh: 'บันทึกการเข้าถึงข้อมูล', titleEn: 'Audit log' },
  { code: 'admin/backup', permission: 'USER_ADMIN', titleTh: 'สำรองข้อมูล', titleEn: 'Backup' },
  {
    code: 'admin/api-credentials',
    permission: 'USER_ADMIN',
    titleTh: 'รหัสเชื่อมต่อระบบ',
    titleEn: 'API credentials',
  },
];

/** Accounting side-menu membership: any MENU_ACCOUNTING_* flag makes the accounting item visible. */
export function hasAccountingMenu(permissions: ReadonlySet<string>): boolean {
  for (const p of permissions) if (p.startsWith('MENU_ACCOUNTING_') && p !== 'MENU_ACCOUNTING_REPORT') return true;
  return false;
}

/** The menu items a user with these permissions sees, in order. */
export function menuFor(permissions: ReadonlySet<string>): MenuDefinition[] {
  return MENU_DEFINITIONS.filter((m) =>
    m.code === 'accounting' ? hasAccountingMenu(permissions) : permissions.has(m.permission),
  );
}

/** Spec §1: items whose code starts with accounting_ are not shown in the menu. */
export function visibleMenuItems<T extends { permissionCode: string }>(items: readonly T[]): T[] {
  return items.filter((i) => !i.permissionCode.startsWith('accounting_'));
}
