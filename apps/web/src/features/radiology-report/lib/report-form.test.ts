import type { ExamReport } from '@rangsi/contract';
import { describe, expect, it } from 'vitest';
import { applyTemplate, defaultSelection, initialFormValues, isBlank } from './report-form';

const base = {
  draft: null,
  latestContent: null,
  requestClinicalInformation: '',
  finishedReports: [] as ExamReport['finishedReports'],
  exam: { reportAuditStatus: '' } as ExamReport['exam'],
  access: {
    canEdit: true,
    reason: null,
    nextKinds: ['final', 'preliminary'],
    nextVersionNo: 1,
  } as ExamReport['access'],
};
const text = { clinicalInformation: 'ci', technique: 'te', findings: 'fi', impression: 'im' };
const finished = { finishedReportId: 'f1', versionNo: 1 } as ExamReport['finishedReports'][number];

describe('the report form', () => {
  it('starts from the draft, else for an addendum from the latest text with an empty addendum, else empty', () => {
    expect(
      initialFormValues({
        ...base,
        draft: { content: text, isCritical: true, version: 3, updatedAt: '', updatedBy: null },
      }),
    ).toEqual({ content: text, isCritical: true });
    const addendum = {
      ...base,
      access: { ...base.access, nextKinds: ['addendum'] as ExamReport['access']['nextKinds'] },
      latestContent: { ...text, addendum: 'old' },
    };
    expect(initialFormValues(addendum)).toEqual({ content: { ...text, addendum: '' }, isCritical: false });
    expect(initialFormValues({ ...addendum, finishedReports: [{ ...finished, isCritical: true }] }).isCritical).toBe(
      true,
    );
    expect(isBlank(initialFormValues(base).content)).toBe(true);
  });

  it("starts a first report's clinical information from the request, still blank for a template (issue 26)", () => {
    const fromRequest = { ...base, requestClinicalInformation: 'ปวดศีรษะ 3 วัน\nR/O stroke' };
    const start = initialFormValues(fromRequest).content;
    expect(start.clinicalInformation).toBe('ปวดศีรษะ 3 วัน\nR/O stroke');
    expect(isBlank(start, fromRequest.requestClinicalInformation)).toBe(true);
    expect(isBlank({ ...start, clinicalInformation: 'typed by the reader' }, 'ปวดศีรษะ 3 วัน')).toBe(false);
  });

  it('a template replaces technique, findings and impression, and keeps typed clinical information', () => {
    const t = {
      templateId: 't1',
      content: { clinicalInformation: '', technique: 'T', findings: 'F', impression: 'I' },
    };
    expect(applyTemplate({ ...text }, t)).toEqual({
      clinicalInformation: 'ci',
      technique: 'T',
      findings: 'F',
      impression: 'I',
      templateId: 't1',
    });
  });

  it('opens on the form when the reader should write, else on the latest finished report', () => {
    expect(defaultSelection(base)).toBe('new');
    expect(defaultSelection({ ...base, finishedReports: [finished] })).toBe('f1');
    expect(
      defaultSelection({
        ...base,
        finishedReports: [finished],
        exam: { reportAuditStatus: 'Rejected' } as ExamReport['exam'],
      }),
    ).toBe('new');
    expect(defaultSelection({ ...base, access: { ...base.access, canEdit: false } })).toBeNull();
    expect(defaultSelection({ ...base, access: { ...base.access, canEdit: false }, finishedReports: [finished] })).toBe(
      'f1',
    );
  });
});
