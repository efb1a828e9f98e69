import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('fileNameOf', () => {
  it('takes the Thai name of filename* before the ASCII fallback', () => {
    const header = `attachment; filename="cashup-2026-11-29.xlsx"; filename*=UTF-8''${encodeURIComponent('ปิดยอดประจำวัน-29-11-2569.xlsx')}`;
    expect(fileNameOf(header, 'x.xlsx')).toBe('ปิดยอดประจำวัน-29-11-2569.xlsx');
  });

  it('falls back to the plain name, then to the caller’s', () => {
    expect(fileNameOf('attachment; filename="billing-BL2569-RS1-00001.xlsx"', 'x.xlsx')).toBe(
      'billing-BL2569-RS1-00001.xlsx',
    );
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%ZZ; filename="plain.xlsx"`, 'x.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf('attachment', 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
