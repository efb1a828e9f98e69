import { describe, expect, it } from 'vitest';
import { reportListNames, reportTabPath, reportTabs, selectedTab } from './report-tabs';

describe('report tabs (spec §2)', () => {
  it('reads names from strings or reports, and falls back to the radiology report', () => {
    expect(reportListNames(['pacs.mrt', 'pacs_en.mrt'])).toEqual(['pacs.mrt', 'pacs_en.mrt']);
    expect(reportListNames([{ reportName: 'pacs', title: 'x' }, { reportName: 'pacs' }])).toEqual(['pacs']);
    expect(reportListNames({ reports: ['pacs'] })).toEqual(['pacs']);
    expect(reportListNames(null)).toEqual(['pacs']);
    expect(reportListNames([])).toEqual(['pacs']);
    expect(reportListNames([42, { name: 'x' }])).toEqual(['pacs']);
  });

  it('hides the extension and greys the PACS tabs after the first when there are several', () => {
    expect(reportTabs(['pacs.mrt', 'pacs_en.mrt', 'sticker.mrt'])).toEqual([
      { name: 'pacs.mrt', label: 'pacs', greyed: false },
      { name: 'pacs_en.mrt', label: 'pacs_en', greyed: true },
      { name: 'sticker.mrt', label: 'sticker', greyed: false },
    ]);
    expect(reportTabs(['pacs'])).toEqual([{ name: 'pacs', label: 'pacs', greyed: false }]);
  });

  it("selects the route's tab, the first one without a name", () => {
    const tabs = reportTabs(['pacs.mrt', 'pacs_en.mrt']);
    expect(selectedTab(tabs, undefined)?.name).toBe('pacs.mrt');
    expect(selectedTab(tabs, 'pacs_en.mrt')?.name).toBe('pacs_en.mrt');
    expect(selectedTab(tabs, 'pacs')?.name).toBe('pacs.mrt');
    expect(selectedTab(tabs, 'other')?.name).toBe('other');
  });

  it('pushes the report name and keeps the query string', () => {
    expect(reportTabPath('e-1', 'pacs_en.mrt', '?examBranchId=2')).toBe('/report/e-1/pacs_en.mrt?examBranchId=2');
  });
});
