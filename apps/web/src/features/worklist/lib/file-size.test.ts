import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows bytes whole and larger sizes with one decimal in the largest unit under 1,024', () => {
    expect(formatFileSize(850)).toBe('850 bytes');
    expect(formatFileSize(42_188)).toBe('41.2 KB');
    expect(formatFileSize(80 * 1024 * 1024)).toBe('80.0 MB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5,120.0 GB');
  });
});
