/** Window/level presets a radiologist expects on CT (width, centre in HU), keys 1–6; MR uses auto (key 7). */
export interface WindowPreset {
  id: 'brain' | 'subdural' | 'lung' | 'mediastinum' | 'abdomen' | 'bone';
  key: string;
  width: number;
  center: number;
}

export const WINDOW_PRESETS: readonly WindowPreset[] = [
  { id: 'brain', key: '1', width: 80, center: 40 },
  { id: 'subdural', key: '2', width: 200, center: 75 },
  { id: 'lung', key: '3', width: 1500, center: -600 },
  { id: 'mediastinum', key: '4', width: 350, center: 50 },
  { id: 'abdomen', key: '5', width: 400, center: 50 },
  { id: 'bone', key: '6', width: 1800, center: 400 },
];

export interface VoiRange {
  lower: number;
  upper: number;
}

/** DICOM's linear VOI function (PS3.3 C.11.2.1.2), as Cornerstone applies it: the range a width/centre maps to. */
export function presetRange(p: Pick<WindowPreset, 'width' | 'center'>): VoiRange {
  return { lower: p.center - 0.5 - (p.width - 1) / 2, upper: p.center - 0.5 + (p.width - 1) / 2 };
}

/** Window width and centre of a range (the inverse of presetRange), rounded for the overlay. */
export function windowOf(range: VoiRange): { width: number; center: number } {
  return { width: Math.round(range.upper - range.lower + 1), center: Math.round((range.upper + range.lower + 1) / 2) };
}

/**
 * Auto window (MR, or any image without useful window tags): the 1st–99th percentile of the pixel values, so a few
 * very bright pixels (fat, vessels, artefacts) do not wash out the tissue.
 */
export function autoRange(pixels: ArrayLike<number>, slope = 1, intercept = 0): VoiRange | null {
  const n = pixels.length;
  if (n === 0) return null;
  const step = Math.max(1, Math.floor(n / 65536));
  const sample: number[] = [];
  for (let i = 0; i < n; i += step) sample.push(pixels[i]! * slope + intercept);
  sample.sort((a, b) => a - b);
  const lower = sample[Math.floor(sample.length * 0.01)]!;
  const upper = sample[Math.min(sample.length - 1, Math.floor(sample.length * 0.99))]!;
  return upper > lower ? { lower, upper } : { lower: lower - 1, upper: lower + 1 };
}
