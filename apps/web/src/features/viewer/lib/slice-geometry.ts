/** What the instances list tells about one image's place in the patient, before any image arrives. */
export interface InstanceGeometry {
  numberOfFrames: number;
  /** ImageOrientationPatient as the server keeps it: six numbers, backslash- or comma-separated. */
  imageOrientationPatient: string | null;
  imagePositionPatient: number[] | null;
}

/** One stack's slices along its normal, one entry per image id (frames of a multi-frame instance included). */
export interface SliceGeometry {
  count: number;
  /** The slice normal (row × column direction), or null when the images do not share one orientation. */
  normal: [number, number, number] | null;
  /** Signed distance of each slice along `normal` (mm); null where unknown (no position, multi-frame). */
  distances: (number | null)[];
  frameOfReferenceUid: string | null;
}

/** Normals closer than ~2.6° count as the same orientation (the server rounds to 4 decimals; scanners jitter). */
const SAME_ORIENTATION = 0.999;

export function parseOrientation(text: string | null): number[] | null {
  if (!text) return null;
  const v = text.split(/[\\,]/).map(Number);
  return v.length === 6 && v.every(Number.isFinite) ? v : null;
}

export function normalOf(orientation: number[]): [number, number, number] | null {
  const [a, b, c, d, e, f] = orientation as [number, number, number, number, number, number];
  const n: [number, number, number] = [b * f - c * e, c * d - a * f, a * e - b * d];
  const len = Math.hypot(...n);
  return len > 1e-6 ? [n[0] / len, n[1] / len, n[2] / len] : null;
}

export function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}

/** The geometry of a stack from its instance rows (in stack order). */
export function sliceGeometry(instances: InstanceGeometry[], frameOfReferenceUid: string | null = null): SliceGeometry {
  let normal: [number, number, number] | null = null;
  let shared = true;
  for (const inst of instances) {
    const o = parseOrientation(inst.imageOrientationPatient);
    const n = o ? normalOf(o) : null;
    if (!n) {
      shared = false;
      break;
    }
    if (!normal) normal = n;
    else if (Math.abs(dot(normal, n)) < SAME_ORIENTATION) {
      shared = false;
      break;
    }
  }
  if (!shared) normal = null;
  const distances: (number | null)[] = [];
  for (const inst of instances) {
    const frames = Math.max(1, inst.numberOfFrames);
    // A multi-frame instance keeps its positions per frame, which the list does not carry.
    const d = normal && frames === 1 && inst.imagePositionPatient ? dot(normal, inst.imagePositionPatient) : null;
    for (let f = 0; f < frames; f++) distances.push(d);
  }
  return { count: distances.length, normal, distances, frameOfReferenceUid };
}

/** Every slice has a known distance along the normal. */
export function isPositioned(
  g: SliceGeometry,
): g is SliceGeometry & { normal: [number, number, number]; distances: number[] } {
  return g.normal !== null && g.count > 0 && g.distances.every((d) => d !== null);
}

/** The slice whose distance along the normal is nearest `distance` (0 when none is positioned). */
export function nearestSlice(g: SliceGeometry, distance: number): number {
  let best = 0;
  let gap = Infinity;
  g.distances.forEach((d, i) => {
    if (d !== null && Math.abs(d - distance) < gap) {
      best = i;
      gap = Math.abs(d - distance);
    }
  });
  return best;
}
