import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';
import { canDoctorOpenReport } from './can-open-report';
import { examStatusFlags } from './exam-status';
import { expectedReportDate, sanitizeDurationPart, urgencyToDuration, URGENCY_PRESET_MINUTES } from './urgency';

describe('urgency presets (spec §9)', () => {
  it('has the spec values', () => {
    expect(URGENCY_PRESET_MINUTES).toEqual({
      NotSpecified: 0,
      StrokeFastTrack: 30,
      ER: 120,
      RequestEmergency: 120,
      RequestFast: 2880,
      OPD: 4320,
    });
  });
  it('splits into day/hour/minute', () => {
    expect(urgencyToDuration('OPD')).toEqual({ day: 3, hour: 0, minute: 0 });
    expect(urgencyToDuration('StrokeFastTrack')).toEqual({ day: 0, hour: 0, minute: 30 });
    expect(urgencyToDuration('ER')).toEqual({ day: 0, hour: 2, minute: 0 });
  });
  it.each([
    [-3, 0],
    ['abc', 0],
    [NaN, 0],
    ['5', 5],
    [2.7, 2],
    [null, 0],
  ])('forces %s to %s', (v, out) => {
    expect(sanitizeDurationPart(v)).toBe(out);
  });
  it('computes the expected date, or none for zero', () => {
    const start = new Date('2026-11-20T00:00:00Z');
    expect(expectedReportDate(start, { day: 1, hour: 2, minute: 'x' })?.toISOString()).toBe('2026-11-21T02:00:00.000Z');
    expect(expectedReportDate(start, { day: 0, hour: -1, minute: 0 })).toBeNull();
  });
});

describe(countdown.name, () => {
  const now = new Date('2026-11-20T10:00:00Z');
  it('is overdue after the expected date', () => {
    const sut = countdown(new Date('2026-11-20T08:55:00Z'), now);
    expect(sut.tone).toBe('overdue');
    expect(sut.label).toBe('เกิน 1 ชม. 5 นาที');
  });
  it('warns with one hour or less left', () => {
    expect(countdown(new Date('2026-11-20T11:00:00Z'), now).tone).toBe('warning');
    expect(countdown(new Date('2026-11-20T11:01:00Z'), now).tone).toBe('ok');
  });
  it('shows days and hours for long spans', () => {
    expect(countdown(new Date('2026-11-22T13:30:00Z'), now).label).toBe('2 วัน 3 ชม.');
  });
  it('has no tone without a date or once done', () => {
    expect(countdown(null, now).tone).toBe('none');
    expect(countdown(new Date('2026-11-19T00:00:00Z'), now, true).tone).toBe('none');
  });
});

describe('report access for Doctors (spec §5)', () => {
  const base = { reportCount: 1, reportAuditStatus: 'WaitingForAudit', isReviewer: false, canApproveOrEdit: false };
  it('refuses a waiting report of another reader', () => expect(canDoctorOpenReport(base)).toBe(false));
  it.each([
    [{ reportCount: 0 }],
    [{ reportAuditStatus: '' }],
    [{ reportAuditStatus: 'Approved' }],
    [{ isReviewer: true }],
    [{ canApproveOrEdit: true }],
  ])('allows %o', (patch) => expect(canDoctorOpenReport({ ...base, ...patch })).toBe(true));
});

describe(examStatusFlags.name, () => {
  it('sets 1 documents, 4 images, 8 assigned, 16 report', () => {
    expect(examStatusFlags({ hasDocument: true, hasImage: true, isAssigned: false, hasReport: true })).toBe(21);
    expect(examStatusFlags({ hasDocument: false, hasImage: false, isAssigned: true, hasReport: false })).toBe(8);
  });
});
