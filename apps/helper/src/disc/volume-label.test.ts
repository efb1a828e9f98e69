import { describe, expect, it } from 'vitest';
import { folderName, volumeLabel } from './volume-label';

describe('volume label and folder name', () => {
  it('reduces a label hint to ISO 9660 d-characters, at most 32', () => {
    expect(volumeLabel('acc-2026/0001')).toBe('ACC_2026_0001');
    expect(volumeLabel('CT 1 ผู้ป่วย')).toBe('CT_1');
    expect(volumeLabel('ACC ผู้ป่วย 2')).toBe('ACC_2');
    expect(volumeLabel('x'.repeat(40))).toBe('X'.repeat(32));
    expect(volumeLabel(`${'A'.repeat(31)}-B`)).toBe('A'.repeat(31));
    expect(volumeLabel('ผู้ป่วย')).toBe('RANGSI');
    expect(volumeLabel(undefined)).toBe('RANGSI');
    expect(volumeLabel('école')).toBe('ECOLE');
  });

  it('names the folder by a plain accession number, else by the exam id', () => {
    const examId = '0b3c2c52-5d8e-4c39-9d49-8b2f1b0e7a10';
    expect(folderName('CT2026-0001', examId)).toBe('CT2026-0001');
    expect(folderName('../../etc', examId)).toBe(examId);
    expect(folderName('C:\\x', examId)).toBe(examId);
    expect(folderName('', examId)).toBe(examId);
    expect(folderName(null, examId)).toBe(examId);
  });
});
