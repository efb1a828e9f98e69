/** ImageOrientationPatient: normalizing for storage, grouping a series' images per orientation, naming the plane. */

/** Components closer than this are the same orientation (float noise between images of one stack). */
export const ORIENTATION_TOLERANCE = 0.01;

/** Six direction cosines rounded to 4 decimals, backslash-separated as in DICOM; null when not six numbers. */
export function normalizeOrientation(value: unknown): string | null {
  if (!Array.isArray(value) || value.length !== 6) return null;
  const nums = value.map((v) => (typeof v === 'number' ? v : Number(v)));
  if (!nums.every((n) => Number.isFinite(n) && Math.abs(n) <= 1.0001)) return null;
  return nums
    .map((n) => {
      const r = Math.round(n * 10_000) / 10_000;
      return String(r === 0 ? 0 : r);
    })
    .join('\\');
}

export function parseOrientation(text: string): number[] | null {
  const parts = text.split(/[\\,]/).map(Number);
  return parts.length === 6 && parts.every(Number.isFinite) ? parts : null;
}

function close(a: number[], b: number[]): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) < ORIENTATION_TOLERANCE);
}

/**
 * The URL-safe key of an orientation as the series list and the viewer URL carry it: the cosines rounded to 2
 * decimals joined with commas, e.g. "1,0,0,0,1,0" (axial). The viewer keeps the images whose own
 * ImageOrientationPatient is within ORIENTATION_TOLERANCE of it, component by component.
 */
export function orientationKey(cosines: number[]): string {
  return cosines
    .map((n) => {
      const r = Math.round(n * 100) / 100;
      return String(r === 0 ? 0 : r);
    })
    .join(',');
}

/** Groups orientations (with their counts) that lie within the tolerance; the most frequent value represents its group. */
export function groupOrientations<T extends { orientation: string | null; weight: number }>(
  rows: T[],
): { key: string | null; members: T[] }[] {
  const groups: { rep: number[] | null; key: string | null; members: T[] }[] = [];
  const sorted = [...rows].sort((a, b) => b.weight - a.weight);
  for (const row of sorted) {
    const cos = row.orientation ? parseOrientation(row.orientation) : null;
    const group = groups.find((g) => (g.rep === null ? cos === null : cos !== null && close(g.rep, cos)));
    if (group) group.members.push(row);
    else groups.push({ rep: cos, key: cos ? orientationKey(cos) : null, members: [row] });
  }
  return groups.map(({ key, members }) => ({ key, members }));
}

/** AXIAL, CORONAL or SAGITTAL: the patient axis the image normal is closest to. */
export function planeOf(cosines: number[]): 'AXIAL' | 'CORONAL' | 'SAGITTAL' {
  const [r1, r2, r3, c1, c2, c3] = cosines as [number, number, number, number, number, number];
  const n = [Math.abs(r2 * c3 - r3 * c2), Math.abs(r3 * c1 - r1 * c3), Math.abs(r1 * c2 - r2 * c1)];
  const max = Math.max(...n);
  return max === n[2] ? 'AXIAL' : max === n[1] ? 'CORONAL' : 'SAGITTAL';
}
