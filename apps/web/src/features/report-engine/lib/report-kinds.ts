/**
 * The report screens of spec §2 and the reportlist prefix each asks for (spec §7: pacs, accounting,
 * branch_report_{mode}, billing_, doctor, center_report; the sticker has its own).
 */
export type ReportKind = 'branch_daily' | 'branch_monthly' | 'doctor' | 'center' | 'accounting' | 'billing' | 'sticker';

export const REPORT_PREFIX: Record<ReportKind, string> = {
  branch_daily: 'branch_report_daily',
  branch_monthly: 'branch_report_monthly',
  doctor: 'doctor',
  center: 'center_report',
  accounting: 'accounting',
  billing: 'billing_',
  sticker: 'sticker',
};

/** The route a tab's report name is appended to (spec §2 routes); the sticker has no tabs. */
export function routeBase(kind: ReportKind, id: string | undefined): string {
  switch (kind) {
    case 'branch_daily':
      return '/branch_report/daily';
    case 'branch_monthly':
      return '/branch_report/monthly';
    case 'doctor':
      return '/doctor_report';
    case 'center':
      return '/center_report';
    case 'accounting':
      return `/accounting_report/${id ?? ''}`;
    case 'billing':
      return `/billing_report/${id ?? ''}`;
    case 'sticker':
      return `/reportviewer/${id ?? ''}/sticker`;
  }
}

/** Spec §2: tab labels hide the file extension. */
export function withoutExtension(reportName: string): string {
  return reportName.replace(/\.[^.]*$/, '');
}

/** The branch report's mode from /branch_report/{daily|monthly}; anything else is not a report screen. */
export function branchKind(mode: string | undefined): ReportKind | null {
  if (mode === undefined || mode === 'daily') return 'branch_daily';
  if (mode === 'monthly') return 'branch_monthly';
  return null;
}
