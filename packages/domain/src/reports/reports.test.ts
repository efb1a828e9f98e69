import { describe, expect, it } from 'vitest';
import { reportAccess, type ReportAccessInput } from './report-access';
import { finishKind, nextReportKinds } from './report-kind';
import { isPacsReportName, radiologyReportName, reportNameLabel } from './report-name';

const doctor = (extra: string[] = []) => ({
  userId: 'd1',
  roleName: 'Doctor',
  permissions: new Set(['EXAM_REPORT', ...extra]),
});
const exam = (patch: Partial<ReportAccessInput['exam']> = {}): ReportAccessInput['exam'] => ({
  reviewerId: 'd1',
  status: 'Accepted',
  reportAuditStatus: '',
  reportCount: 0,
  ...patch,
});

describe(reportAccess.name, () => {
  it('refuses everyone without EXAM_REPORT', () => {
    expect(reportAccess({ user: { userId: 'u', roleName: 'Staff', permissions: new Set() }, exam: exam() })).toEqual({
      canOpen: false,
      canEdit: false,
      reason: 'noPermission',
    });
  });

  describe('spec §5: a Doctor opens the report when…', () => {
    const waiting = exam({ reviewerId: 'other', reportCount: 1, reportAuditStatus: 'WaitingForAudit' });
    it("…not when another reader's report waits for audit", () => {
      expect(reportAccess({ user: doctor(), exam: waiting })).toMatchObject({
        canOpen: false,
        reason: 'waitingForAudit',
      });
      expect(reportAccess({ user: doctor(), exam: { ...waiting, reportAuditStatus: 'Rejected' } }).canOpen).toBe(false);
    });
    it.each([
      ['there is no report yet', { reportCount: 0 }],
      ['it is free of audit', { reportAuditStatus: '' }],
      ['it is Approved', { reportAuditStatus: 'Approved' }],
      ['they are the reviewer', { reviewerId: 'd1' }],
    ])('…%s', (_why, patch) =>
      expect(reportAccess({ user: doctor(), exam: { ...waiting, ...patch } }).canOpen).toBe(true),
    );
    it.each(['EXAM_REPORT_APPROVE', 'EXAM_REPORT_EDIT'])('…they hold %s', (flag) => {
      expect(reportAccess({ user: doctor([flag]), exam: waiting }).canOpen).toBe(true);
    });
  });

  it('lets the reviewer write once the case is accepted, and addenda after Completed', () => {
    expect(reportAccess({ user: doctor(), exam: exam({ status: 'Assigned' }) })).toEqual({
      canOpen: true,
      canEdit: false,
      reason: 'notAccepted',
    });
    expect(reportAccess({ user: doctor(), exam: exam({ status: 'Accepted' }) }).canEdit).toBe(true);
    expect(reportAccess({ user: doctor(), exam: exam({ status: 'Completed', reportCount: 1 }) }).canEdit).toBe(true);
    expect(reportAccess({ user: doctor(), exam: exam({ status: 'Rejected' }) })).toMatchObject({
      canEdit: false,
      reason: 'wrongState',
    });
  });

  it('lets a Doctor who is not the reviewer read only', () => {
    expect(reportAccess({ user: doctor(), exam: exam({ reviewerId: 'd2' }) })).toEqual({
      canOpen: true,
      canEdit: false,
      reason: 'notReviewer',
    });
  });

  it('lets EXAM_REPORT_EDIT write whatever the state', () => {
    const editor = {
      userId: 'e',
      roleName: 'Report Editor',
      permissions: new Set(['EXAM_REPORT', 'EXAM_REPORT_EDIT']),
    };
    expect(reportAccess({ user: editor, exam: exam({ reviewerId: 'd1', status: 'Assigned' }) })).toEqual({
      canOpen: true,
      canEdit: true,
    });
  });

  it.each(['Hospital', 'HospitalDoctor', 'Link'])('keeps %s read-only, even with EXAM_REPORT_EDIT', (roleName) => {
    const user = { userId: 'h', roleName, permissions: new Set(['EXAM_REPORT', 'EXAM_REPORT_EDIT']) };
    expect(
      reportAccess({ user, exam: exam({ reviewerId: 'd1', reportCount: 2, reportAuditStatus: 'WaitingForAudit' }) }),
    ).toEqual({ canOpen: true, canEdit: false, reason: 'readOnlyRole' });
  });
});

describe(nextReportKinds.name, () => {
  it('offers final or preliminary first, only addenda after a final', () => {
    expect(nextReportKinds([])).toEqual(['final', 'preliminary']);
    expect(nextReportKinds(['preliminary'])).toEqual(['final', 'preliminary']);
    expect(nextReportKinds(['preliminary', 'final'])).toEqual(['addendum']);
    expect(nextReportKinds(['final', 'addendum'])).toEqual(['addendum']);
  });
  it('maps a request to the kind made, or undefined when it cannot be', () => {
    expect(finishKind([])).toBe('final');
    expect(finishKind([], 'preliminary')).toBe('preliminary');
    expect(finishKind(['final'])).toBe('addendum');
    expect(finishKind(['final'], 'final')).toBe('addendum');
    expect(finishKind(['final'], 'preliminary')).toBeUndefined();
  });
});

describe('report names', () => {
  it('hides a file extension in tab labels', () => {
    expect(reportNameLabel('pacs.mrt')).toBe('pacs');
    expect(reportNameLabel('branch_report_daily')).toBe('branch_report_daily');
  });
  it('selects the radiology report by pacs with or without an extension only', () => {
    expect(radiologyReportName('pacs')).toBe('pacs');
    expect(radiologyReportName('PACS.rpt')).toBe('pacs');
    expect(radiologyReportName('pacs2')).toBeUndefined();
    expect(radiologyReportName('billing_')).toBeUndefined();
    expect(radiologyReportName('../pacs')).toBeUndefined();
  });
  it('recognises PACS report names of a report list', () => {
    expect(['pacs', 'pacs.mrt', 'pacs_en', 'pacs-2.mrt', 'pacsx', 'accounting'].map(isPacsReportName)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
