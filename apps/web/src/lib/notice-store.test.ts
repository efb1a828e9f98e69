import { describe, expect, it } from 'vitest';
import { createNoticeStore } from './notice-store';

describe('createNoticeStore', () => {
  it('shows a success by default, keeps each store apart, and clears only the notice still shown', () => {
    const worklist = createNoticeStore();
    const patient = createNoticeStore();
    worklist.show('บันทึกสำเร็จ');
    patient.show('ไม่พบผู้ป่วย', 'warning');
    const first = worklist.current()!;
    expect(first).toMatchObject({ text: 'บันทึกสำเร็จ', severity: 'success' });
    expect(patient.current()).toMatchObject({ text: 'ไม่พบผู้ป่วย', severity: 'warning' });

    worklist.show('มอบหมายสำเร็จ');
    // The first snackbar closing late must not take the newer notice with it.
    worklist.dismiss(first.id);
    expect(worklist.current()?.text).toBe('มอบหมายสำเร็จ');
    worklist.dismiss(worklist.current()!.id);
    expect(worklist.current()).toBeNull();
    expect(patient.current()?.text).toBe('ไม่พบผู้ป่วย');
  });
});
