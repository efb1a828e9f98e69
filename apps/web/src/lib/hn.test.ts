import { describe, expect, it } from 'vitest';
import { hnLabel } from './hn';

describe('hnLabel', () => {
  it('prefixes a bare number once and leaves a number that carries HN alone', () => {
    expect(hnLabel('3053329')).toBe('HN 3053329');
    expect(hnLabel('HN3053329')).toBe('HN3053329');
    expect(hnLabel('HN-12')).toBe('HN-12');
    expect(hnLabel('')).toBe('');
    expect(hnLabel(null)).toBe('');
  });
});
