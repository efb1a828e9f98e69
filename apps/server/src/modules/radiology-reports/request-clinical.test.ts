import { describe, expect, it } from 'vitest';
import { requestClinicalInformation } from './reports.service';

describe('requestClinicalInformation (issue 26 item 10)', () => {
  it("is the request's clinical history then its indication, one per line, trimmed", () => {
    expect(requestClinicalInformation({ indication: ' R/O stroke ', clinical_history: 'ปวดศีรษะ 2 ชั่วโมง' })).toBe(
      'ปวดศีรษะ 2 ชั่วโมง\nR/O stroke',
    );
  });

  it('leaves out what is missing, blank or not text', () => {
    expect(requestClinicalInformation({ clinical_history: '  ', indication: 42 })).toBe('');
    expect(requestClinicalInformation({ indication: 'R/O fracture' })).toBe('R/O fracture');
    expect(requestClinicalInformation(null)).toBe('');
  });
});
