import { dot, isPositioned, type SliceGeometry } from './slice-geometry';

/** A pair of slices taken to show the same anatomy: the sync keeps their offset as either stack scrolls. */
export interface SyncAnchor {
  source: number;
  target: number;
}

export type SyncMode = 'position' | 'ratio';

/** Slices planes within ~10° are compared by position; anything more oblique by index ratio. */
const PARALLEL = Math.cos((10 * Math.PI) / 180);

/** Both stacks are positioned and their planes (near) parallel: scrolling can follow millimetres. */
export function syncMode(a: SliceGeometry, b: SliceGeometry): SyncMode {
  if (!isPositioned(a) || !isPositioned(b)) return 'ratio';
  return Math.abs(dot(a.normal, b.normal)) >= PARALLEL ? 'position' : 'ratio';
}

function clamp(i: number, count: number): number {
  return Math.max(0, Math.min(count - 1, i));
}

/** Distance of target slice j measured along the source's normal (so opposite normals still agree). */
function alongSource(
  source: SliceGeometry & { normal: [number, number, number] },
  target: SliceGeometry & { normal: [number, number, number]; distances: number[] },
  j: number,
): number {
  return target.distances[j]! * Math.sign(dot(source.normal, target.normal) || 1);
}

/**
 * The target slice that goes with source slice `i`.
 * - position: the target slice nearest in millimetres along the normal, after shifting by the anchor's offset
 *   (two exams rarely share a table position, so the offset is the reader's or the opening's choice);
 * - ratio: the same relative step from the anchor, scaled by the two stacks' lengths.
 */
export function mapSlice(source: SliceGeometry, target: SliceGeometry, anchor: SyncAnchor, i: number): number {
  if (target.count === 0) return 0;
  if (syncMode(source, target) === 'position' && isPositioned(source) && isPositioned(target)) {
    const offset =
      alongSource(source, target, clamp(anchor.target, target.count)) -
      source.distances[clamp(anchor.source, source.count)]!;
    const want = source.distances[clamp(i, source.count)]! + offset;
    let best = 0;
    let bestGap = Infinity;
    for (let j = 0; j < target.count; j++) {
      const gap = Math.abs(alongSource(source, target, j) - want);
      if (gap < bestGap - 1e-6) {
        best = j;
        bestGap = gap;
      }
    }
    return best;
  }
  const scale = source.count > 1 ? (target.count - 1) / (source.count - 1) : 0;
  return clamp(Math.round(anchor.target + (i - anchor.source) * scale), target.count);
}

/**
 * Where a newly opened prior starts, with the shown slice `i` of the current stack: by position when both share a
 * frame of reference (same patient coordinates), otherwise at the same relative place in the stack.
 */
export function openingAnchor(current: SliceGeometry, prior: SliceGeometry, i: number): SyncAnchor {
  const shared = current.frameOfReferenceUid !== null && current.frameOfReferenceUid === prior.frameOfReferenceUid;
  if (shared && syncMode(current, prior) === 'position')
    return { source: i, target: nearestByPosition(current, prior, i) };
  const ratio = current.count > 1 ? i / (current.count - 1) : 0;
  return { source: i, target: clamp(Math.round(ratio * (prior.count - 1)), prior.count) };
}

function nearestByPosition(source: SliceGeometry, target: SliceGeometry, i: number): number {
  if (!isPositioned(source) || !isPositioned(target)) return 0;
  const want = source.distances[clamp(i, source.count)]!;
  let best = 0;
  for (let j = 1; j < target.count; j++) {
    if (Math.abs(alongSource(source, target, j) - want) < Math.abs(alongSource(source, target, best) - want)) best = j;
  }
  return best;
}
