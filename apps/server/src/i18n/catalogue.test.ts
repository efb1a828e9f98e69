import { describe, expect, it } from 'vitest';
import { list, msg, placeholdersOf, render, verbatim, type MessageCode } from './catalogue';
import { en } from './en';
import { th } from './th';

const CODES = Object.keys(th) as MessageCode[];

describe('the server message catalogue', () => {
  it('has Thai and English for every code, and no code in one language only', () => {
    expect(Object.keys(en).sort()).toEqual([...CODES].sort());
    for (const code of CODES) {
      expect(th[code].trim(), code).not.toBe('');
      expect(en[code].trim(), code).not.toBe('');
    }
  });

  it('fills the same placeholders in both languages', () => {
    for (const code of CODES)
      expect(new Set(placeholdersOf(en[code])), code).toEqual(new Set(placeholdersOf(th[code])));
  });

  it('keeps English free of Thai script', () => {
    for (const code of CODES) expect(en[code], code).not.toMatch(/[\u0E00-\u0E7F]/);
  });

  it('renders parameters by name: text, numbers, nested messages and lists of them', () => {
    expect(render(msg('TOO_MANY_ATTEMPTS', { seconds: 3 }), 'en')).toBe('Too many attempts: try again in 3 seconds');
    expect(render(msg('INVALID_CHARACTER', { field: 'hn' }), 'th')).toBe('ข้อมูลมีอักขระที่ใช้ไม่ได้ (invalid character): hn');
    expect(render(msg('INVALID_INPUT', { issues: list([msg('NOT_FOUND'), verbatim('x')], '; ') }), 'en')).toBe(
      'No result; x',
    );
    expect(render(msg('INVALID_INPUT', { issues: list([msg('INVALID'), msg('INVALID')]) }), 'th')).toBe(
      'ข้อมูลไม่ถูกต้อง, ข้อมูลไม่ถูกต้อง',
    );
    expect(render(msg('VALIDATION_FAILED', { where: 'body', issues: msg('INVALID') }), 'en')).toBe(
      'Invalid input (body): Invalid value',
    );
  });
});
