import { isPositioned, type SliceGeometry } from './slice-geometry';

export const MPR_MIN_SLICES = 50;
const MPR_MODALITIES = new Set(['CT', 'MR']);

/** Why the MPR button is disabled (its tooltip), or null when a volume can be built. */
export type MprBlock = 'modality' | 'count' | 'geometry' | 'webgl';

/**
 * Issue 5: MPR for CT/MR volumes of at least 50 slices when WebGL is available. A volume also needs one orientation,
 * single-frame slices with positions, and even spacing (within 10% of the median gap, no two slices at one place):
 * otherwise reformats would be stretched or torn.
 */
export function mprBlock(input: { modality: string | null; geometry: SliceGeometry; webgl: boolean }): MprBlock | null {
  const { modality, geometry, webgl } = input;
  if (!modality || !MPR_MODALITIES.has(modality)) return 'modality';
  if (geometry.count < MPR_MIN_SLICES) return 'count';
  if (!evenlySpaced(geometry)) return 'geometry';
  if (!webgl) return 'webgl';
  return null;
}

function evenlySpaced(g: SliceGeometry): boolean {
  if (!isPositioned(g)) return false;
  const sorted = [...g.distances].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((d, i) => d - sorted[i]!);
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  if (!(median > 0.01)) return false;
  return gaps.every((gap) => Math.abs(gap - median) <= 0.1 * median + 0.01);
}

/** Stack indices in order along the normal: Cornerstone's streaming volume takes wadouri ids already sorted. */
export function volumeOrder(g: SliceGeometry): number[] {
  return g.distances
    .map((d, i) => ({ d: d ?? 0, i }))
    .sort((a, b) => a.d - b.d)
    .map((x) => x.i);
}
