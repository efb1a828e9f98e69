import { describe, expect, it } from 'vitest';
import { defaultFilters, toExamSearch, typedTime } from './use-worklist-filters';

describe('study time fields (24-hour text, issue 26 item 9)', () => {
  it('reads 8:30, 08:30, 0830 and 08.30 as 08:30 and refuses what is not a time of day', () => {
    expect(['8:30', '08:30', '0830', '08.30'].map(typedTime)).toEqual(['08:30', '08:30', '08:30', '08:30']);
    expect(['24:00', '12:60', '8 30 pm', 'abc'].map(typedTime)).toEqual([null, null, null, null]);
  });

  it('sends HH:mm and names the field a typed time is wrong in', () => {
    const filters = { ...defaultFilters(), studyTimeFrom: '7:05', studyTimeTo: '25:00' };
    const { search, problems } = toExamSearch(filters, true);
    expect(search.studyTimeFrom).toBe('07:05');
    expect(search.studyTimeTo).toBeUndefined();
    expect(problems).toEqual({ studyTimeTo: 'invalidTime' });
  });
});
