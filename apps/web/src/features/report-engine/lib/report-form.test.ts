import { describe, expect, it } from 'vitest';
import type { Report } from '@rangsi/contract';
import { displayToIsoDay, initialValues, monthChoices, submitValues } from './report-form';

const report: Report = {
  reportName: 'branch_report_daily.rpt',
  title: 't',
  titleEn: 't',
  finishedReports: [],
  reportParameters: [
    { parameterName: 'branchId', value: '1' },
    { parameterName: 'startDate', value: '2026-11-01' },
    { parameterName: 'endDate', value: '2026-11-26' },
  ],
  fields: [
    { name: 'branchId', kind: 'branch', required: true, options: [{ value: '1', label: 'A' }] },
    { name: 'startDate', kind: 'date', required: true },
    { name: 'endDate', kind: 'date', required: true },
  ],
};

describe(initialValues.name, () => {
  it('starts from the report parameters, shows days as dd-MM-yyyy, and lets the query string override', () => {
    expect(initialValues(report, new URLSearchParams('startDate=2026-10-05'))).toEqual({
      branchId: '1',
      startDate: '05-10-2026',
      endDate: '26-11-2026',
    });
  });

  it('puts the route id into the hidden field unless the query names it', () => {
    const sticker: Report = {
      ...report,
      reportParameters: [],
      fields: [{ name: 'requestId', kind: 'hidden', required: true }],
    };
    expect(initialValues(sticker, new URLSearchParams(), 'abc')).toEqual({ requestId: 'abc' });
    const billing: Report = {
      ...report,
      reportParameters: [],
      fields: [
        { name: 'billingId', kind: 'hidden', required: true },
        { name: 'new', kind: 'checkbox', required: false },
      ],
    };
    expect(initialValues(billing, new URLSearchParams('new=true'), 'b1')).toEqual({ billingId: 'b1', new: 'true' });
  });
});

describe(submitValues.name, () => {
  it('posts days as yyyy-MM-dd, Buddhist-era years converted', () => {
    expect(submitValues(report.fields, { branchId: '1', startDate: '1/11/2569', endDate: '26-11-2026' })).toEqual({
      values: { branchId: '1', startDate: '2026-11-01', endDate: '2026-11-26' },
    });
  });

  it('names the fields that are missing or not a real day', () => {
    expect(submitValues(report.fields, { branchId: '', startDate: '31-02-2026', endDate: '26-11-2026' })).toEqual({
      errors: { branchId: 'required', startDate: 'badDate' },
    });
  });
});

describe(displayToIsoDay.name, () => {
  it.each([
    ['26-11-2026', '2026-11-26'],
    ['2026-11-26', '2026-11-26'],
    ['26112569', '2026-11-26'],
    ['30-02-2026', null],
    ['x', null],
  ])('%s → %s', (a, b) => {
    expect(displayToIsoDay(a)).toBe(b);
  });
});

describe(monthChoices.name, () => {
  it('offers 36 months up to this one, newest first, and keeps an older current value', () => {
    const months = monthChoices(new Date('2026-11-26T05:00:00Z'), '2020-01');
    expect(months[0]).toBe('2026-11');
    expect(months[35]).toBe('2023-12');
    expect(months.at(-1)).toBe('2020-01');
  });
});
