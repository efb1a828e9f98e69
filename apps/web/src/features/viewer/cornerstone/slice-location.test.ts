import { describe, expect, it } from 'vitest';
import { sliceLocationOf } from './slice-location';

describe('sliceLocationOf', () => {
  it('reads Slice Location as Cornerstone names it, a number, a one-value list or a decimal string', () => {
    expect(sliceLocationOf({ SliceLocation: -77.2040634155 })).toBeCloseTo(-77.204, 3);
    expect(sliceLocationOf({ SliceLocation: [12.5] })).toBe(12.5);
    expect(sliceLocationOf({ SliceLocation: ' -45.0 ' })).toBe(-45);
    expect(sliceLocationOf({ SliceLocation: 0 })).toBe(0);
  });

  it('gives nothing for a file without one, so that no position is shown for an ultrasound or a mammogram', () => {
    expect(sliceLocationOf(undefined)).toBeNull();
    expect(sliceLocationOf({})).toBeNull();
    expect(sliceLocationOf({ SliceLocation: '' })).toBeNull();
    expect(sliceLocationOf({ SliceLocation: 'abc' })).toBeNull();
    expect(sliceLocationOf({ SliceLocation: [] })).toBeNull();
  });
});
