import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

describe(safeReturnUrl.name, () => {
  it.each(['/', '/pacs', '/patient?x=1', '/pacs#RS1261120-0001', '/report/abc?examBranchId=2'])(
    'keeps the relative path %s',
    (u) => {
      expect(safeReturnUrl(u)).toBe(u);
    },
  );
  it.each([
    '//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\\evil.example',
    'pacs',
    '',
    undefined,
    42,
    '/a\nb',
  ])('falls back to / for %s', (u) => expect(safeReturnUrl(u)).toBe('/'));
});
