import { describe, expect, it } from 'vitest';
import { dicomDate, personName } from './dicom-text';

describe('DICOM text for people', () => {
  it('shows a person name without DICOM separators, alphabetic group only', () => {
    expect(personName('ทดสอบ^ภาพหลงทาง')).toBe('ทดสอบ ภาพหลงทาง');
    expect(personName('Somchai^Jaidee^^Mr=สมชาย^ใจดี')).toBe('Somchai Jaidee Mr');
    expect(personName(null)).toBe('');
  });

  it('shows DICOM dates as dd-MM-yyyy and leaves odd values alone', () => {
    expect(dicomDate('20251103')).toBe('03-11-2025');
    expect(dicomDate('2025')).toBe('2025');
    expect(dicomDate(null)).toBe('');
  });
});
