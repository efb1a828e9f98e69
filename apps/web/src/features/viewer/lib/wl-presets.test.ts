import { describe, expect, it } from 'vitest';
import { WINDOW_PRESETS, autoRange, presetRange, windowOf } from './wl-presets';

describe('window presets', () => {
  it('turns width/centre into a range and back', () => {
    const lung = WINDOW_PRESETS.find((p) => p.id === 'lung')!;
    expect(presetRange(lung)).toEqual({ lower: -1350, upper: 149 });
    // A stored window of 80/40 reads back as 80/40 (DICOM's linear function, as Cornerstone applies it).
    expect(windowOf(presetRange({ width: 80, center: 40 }))).toEqual({ width: 80, center: 40 });
    expect(windowOf(presetRange(lung))).toEqual({ width: 1500, center: -600 });
  });

  it('has six CT presets on keys 1-6', () => {
    expect(WINDOW_PRESETS.map((p) => p.key)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('auto window ignores the brightest and darkest 1 %', () => {
    const pixels = new Uint16Array(10_000).map((_, i) => (i < 50 ? 0 : i > 9_950 ? 4000 : 100 + (i % 200)));
    const r = autoRange(pixels)!;
    expect(r.lower).toBeGreaterThanOrEqual(100);
    expect(r.upper).toBeLessThanOrEqual(299);
    expect(autoRange(new Uint16Array(0))).toBeNull();
    expect(autoRange(new Uint16Array(5).fill(7))).toEqual({ lower: 6, upper: 8 });
  });

  it('applies the rescale to auto', () => {
    expect(autoRange(new Int16Array([0, 1000]), 1, -1024)).toEqual({ lower: -1024, upper: -24 });
  });
});
