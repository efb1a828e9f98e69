import { describe, expect, it } from 'vitest';
import { pairEnglishPrefix, pairThaiPrefix, type NamePrefix } from './prefix-pairing';

const p = (id: number, th: string, en: string, gender: NamePrefix['gender']): NamePrefix => ({
  id,
  th,
  en,
  group: 'ทั่วไป',
  groupEn: 'General',
  gender,
});
const ALL = [
  p(1, 'นาย', 'Mr.', 'Male'),
  p(2, 'นางสาว', 'Miss', 'Female'),
  p(3, 'ด.ญ.', 'Miss', 'Female'),
  p(4, 'นพ.', 'M.D.', 'Male'),
  p(5, 'พญ.', 'M.D.', 'Female'),
  p(6, 'ดร.', 'Dr.', null),
];

describe(pairThaiPrefix.name, () => {
  it('sets the English prefix and the gender', () =>
    expect(pairThaiPrefix(ALL, 'นาย')).toEqual({ paired: 'Mr.', gender: 'Male' }));
  it('leaves the gender alone for a prefix without one', () =>
    expect(pairThaiPrefix(ALL, 'ดร.')).toEqual({ paired: 'Dr.' }));
  it('pairs nothing for free text', () => expect(pairThaiPrefix(ALL, 'คุณ')).toEqual({}));
});

describe(pairEnglishPrefix.name, () => {
  it('takes the first Thai prefix', () =>
    expect(pairEnglishPrefix(ALL, 'Miss', { thai: '', gender: 'Unknown' })).toEqual({
      paired: 'นางสาว',
      gender: 'Female',
    }));
  it('keeps a Thai prefix that already pairs', () =>
    expect(pairEnglishPrefix(ALL, 'Miss', { thai: 'ด.ญ.', gender: 'Female' }).paired).toBe('ด.ญ.'));
  it('prefers the patient gender', () =>
    expect(pairEnglishPrefix(ALL, 'M.D.', { thai: '', gender: 'Female' })).toEqual({
      paired: 'พญ.',
      gender: 'Female',
    }));
});
