import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('shows a UTC instant in Bangkok time as dd-MM-yyyy HH:mm', () => {
    expect(formatDateTime('2025-01-01T17:30:00Z')).toBe('02-01-2025 00:30');
  });

  it('is empty for missing or unreadable values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('uses the Bangkok calendar day', () => {
    expect(formatDate(new Date('2025-03-31T20:00:00Z'))).toBe('01-04-2025');
  });
});
