import { describe, expect, it } from 'vitest';
import th from '@/i18n/th.json';
import { EXAM_LOG_ACTIONS, logLineText } from './exam-log';

const thai = (a: string) => (th.worklist.history.event as Record<string, string>)[a]!;

describe('logLineText', () => {
  it('replaces the event code with its text and keeps time, user and detail', () => {
    expect(logLineText('01-12-2026 09:15 สมชาย ใจดี: requestEdited', thai)).toBe(
      '01-12-2026 09:15 สมชาย ใจดี: แก้ไขใบส่งตรวจ',
    );
    expect(logLineText('01-12-2026 09:20 CT1: imagesReceived — รับภาพจาก CT1 จำนวน 3 series', thai)).toBe(
      '01-12-2026 09:20 CT1: รับภาพ — รับภาพจาก CT1 จำนวน 3 series',
    );
  });

  it('reads an unknown code as "other" and leaves a line of another shape alone', () => {
    expect(logLineText('01-12-2026 09:15 ระบบ: somethingNew', thai)).toBe('01-12-2026 09:15 ระบบ: รายการอื่น');
    expect(logLineText('free text', thai)).toBe('free text');
  });

  it('has Thai text for every event the server logs', () => {
    for (const a of [...EXAM_LOG_ACTIONS, 'other']) expect(thai(a), a).toMatch(/[\u0E00-\u0E7F]/);
  });
});
