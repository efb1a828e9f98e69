import { describe, expect, it } from 'vitest';
import { bangkokTimeNow, stepTime, tidyTypedTime } from './typed-time';

describe('typed times (spec §9)', () => {
  it('reads the forms staff type, 24-hour', () => {
    for (const typed of ['930', '0930', '9.30', '9:30', '09:30', ' 9:30 '])
      expect(tidyTypedTime(typed, 5)).toBe('09:30');
    expect(tidyTypedTime('9', 5)).toBe('09:00');
    expect(tidyTypedTime('1745', 5)).toBe('17:45');
  });

  it('takes minutes off the step to the nearest step, never past the last one of the day', () => {
    expect(tidyTypedTime('9:33', 5)).toBe('09:35');
    expect(tidyTypedTime('9:32', 5)).toBe('09:30');
    expect(tidyTypedTime('9:34', 10)).toBe('09:30');
    expect(tidyTypedTime('23:58', 5)).toBe('23:55');
  });

  it('refuses what is not a time of day', () => {
    for (const typed of ['', '24:00', '12:60', 'abc', '12345', '-1', '9:3']) expect(tidyTypedTime(typed, 5)).toBeNull();
  });

  it('steps up and down, around midnight', () => {
    expect(stepTime('09:30', 5, 1)).toBe('09:35');
    expect(stepTime('00:00', 5, -1)).toBe('23:55');
    expect(stepTime('23:50', 10, 1)).toBe('00:00');
  });

  it('gives now in Bangkok rounded down to the step', () => {
    // 2026-12-02 02:47:30 UTC is 09:47 in Bangkok.
    expect(bangkokTimeNow(5, Date.UTC(2026, 11, 2, 2, 47, 30))).toBe('09:45');
    expect(bangkokTimeNow(5, Date.UTC(2026, 11, 2, 16, 59, 0))).toBe('23:55');
  });
});
