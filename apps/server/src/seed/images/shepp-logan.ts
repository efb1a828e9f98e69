/**
 * The 3D Shepp–Logan head phantom (Kak & Slaney; the "modified" contrast of Toft), with a scalp and a cortical rim
 * added so that it reads as a head on CT and MR. Coordinates are patient LPS millimetres; the phantom's unit is 100 mm,
 * its +y anterior (the big bright region ahead of the ventricles sits at the top of an axial image, the three small
 * "tumours" at the bottom, as in the classic picture).
 */

/** What a point of the phantom is made of. */
export const Tissue = {
  Air: 0,
  Scalp: 1,
  Bone: 2,
  Cortex: 3,
  WhiteMatter: 4,
  Csf: 5,
  DeepGrey: 6,
  Haemorrhage: 7,
  Tumour: 8,
} as const;
export type Tissue = (typeof Tissue)[keyof typeof Tissue];
export const TISSUE_COUNT = 9;

interface Ellipsoid {
  a: number;
  b: number;
  c: number;
  x0: number;
  y0: number;
  z0: number;
  phiDeg: number;
}

const e = (a: number, b: number, c: number, x0: number, y0: number, z0: number, phiDeg = 0): Ellipsoid => ({
  a,
  b,
  c,
  x0,
  y0,
  z0,
  phiDeg,
});

/** The ten ellipsoids of the 3D Shepp–Logan phantom (semi-axes, centre, rotation about z). */
export const SHEPP_LOGAN: readonly Ellipsoid[] = [
  e(0.69, 0.92, 0.81, 0, 0, 0), // skull (outer)
  e(0.6624, 0.874, 0.78, 0, -0.0184, 0), // brain (inside the skull)
  e(0.11, 0.31, 0.22, 0.22, 0, 0, -18), // right ventricle
  e(0.16, 0.41, 0.28, -0.22, 0, 0, 18), // left ventricle
  e(0.21, 0.25, 0.41, 0, 0.35, -0.15), // deep grey region
  e(0.046, 0.046, 0.05, 0, 0.1, 0.25),
  e(0.046, 0.046, 0.05, 0, -0.1, 0.25),
  e(0.046, 0.023, 0.05, -0.08, -0.605, 0),
  e(0.023, 0.023, 0.02, 0, -0.606, 0),
  e(0.023, 0.046, 0.02, 0.06, -0.605, 0),
];
const SCALP_MM = 5;
const CORTEX_MM = 4;
const UNIT_MM = 100;

interface Prepared {
  cx: number;
  cy: number;
  cz: number;
  cos: number;
  sin: number;
  ia: number;
  ib: number;
  ic: number;
  reach: number;
}

function prepare(el: Ellipsoid, grow = 0): Prepared {
  const phi = (el.phiDeg * Math.PI) / 180;
  const a = el.a * UNIT_MM + grow;
  const b = el.b * UNIT_MM + grow;
  const c = el.c * UNIT_MM + grow;
  // Phantom +y is anterior, LPS +y posterior.
  return {
    cx: el.x0 * UNIT_MM,
    cy: -el.y0 * UNIT_MM,
    cz: el.z0 * UNIT_MM,
    cos: Math.cos(phi),
    sin: Math.sin(phi),
    ia: 1 / a,
    ib: 1 / b,
    ic: 1 / c,
    reach: Math.max(a, b, c),
  };
}

const scalp = prepare(SHEPP_LOGAN[0]!, SCALP_MM);
const skull = prepare(SHEPP_LOGAN[0]!);
const brain = prepare(SHEPP_LOGAN[1]!);
const white = prepare(SHEPP_LOGAN[1]!, -CORTEX_MM);
const ventricles = [prepare(SHEPP_LOGAN[2]!), prepare(SHEPP_LOGAN[3]!)];
const deepGrey = prepare(SHEPP_LOGAN[4]!);
const haemorrhages = [prepare(SHEPP_LOGAN[5]!), prepare(SHEPP_LOGAN[6]!)];
const tumours = [prepare(SHEPP_LOGAN[7]!), prepare(SHEPP_LOGAN[8]!), prepare(SHEPP_LOGAN[9]!)];

function inside(p: Prepared, x: number, y: number, z: number): boolean {
  const dx = x - p.cx;
  const dy = y - p.cy;
  // Rotation about z (the phantom's phi, with y mirrored).
  const u = (dx * p.cos - dy * p.sin) * p.ia;
  const v = (dx * p.sin + dy * p.cos) * p.ib;
  const w = (z - p.cz) * p.ic;
  return u * u + v * v + w * w <= 1;
}

/** The tissue at a point (LPS mm). */
export function tissueAt(x: number, y: number, z: number): Tissue {
  if (!inside(scalp, x, y, z)) return Tissue.Air;
  if (!inside(skull, x, y, z)) return Tissue.Scalp;
  if (!inside(brain, x, y, z)) return Tissue.Bone;
  for (const h of haemorrhages) if (inside(h, x, y, z)) return Tissue.Haemorrhage;
  for (const t of tumours) if (inside(t, x, y, z)) return Tissue.Tumour;
  for (const v of ventricles) if (inside(v, x, y, z)) return Tissue.Csf;
  if (inside(deepGrey, x, y, z)) return Tissue.DeepGrey;
  return inside(white, x, y, z) ? Tissue.WhiteMatter : Tissue.Cortex;
}

/** A planar grid of the patient: the first pixel's centre, unit row and column directions (PS3.3 C.7.6.2), spacing. */
export interface Plane {
  origin: readonly [number, number, number];
  /** Direction of increasing column index (along a row), the first three values of ImageOrientationPatient. */
  rowDirection: readonly [number, number, number];
  /** Direction of increasing row index, the last three. */
  columnDirection: readonly [number, number, number];
  rows: number;
  columns: number;
  /** mm between rows, between columns (PixelSpacing order). */
  spacing: readonly [number, number];
}

/** The tissue of every pixel of a plane, row by row. */
export function tissueSlice(plane: Plane): Uint8Array {
  const { rows, columns, origin, rowDirection: r, columnDirection: c, spacing } = plane;
  const out = new Uint8Array(rows * columns);
  const [sr, sc] = spacing;
  // Rows that cannot touch the head are left as air without testing each pixel.
  const limit = scalp.reach + 1;
  for (let i = 0; i < rows; i++) {
    const bx = origin[0] + c[0] * sr * i;
    const by = origin[1] + c[1] * sr * i;
    const bz = origin[2] + c[2] * sr * i;
    for (let j = 0; j < columns; j++) {
      const x = bx + r[0] * sc * j;
      const y = by + r[1] * sc * j;
      const z = bz + r[2] * sc * j;
      if (Math.abs(x) > limit || Math.abs(y) > limit || Math.abs(z) > limit) continue;
      out[i * columns + j] = tissueAt(x, y, z);
    }
  }
  return out;
}

/** Per-tissue linear attenuation (1/mm, relative) for projection radiographs of the phantom. */
const MU: Record<'scalp' | 'bone' | 'brain' | 'csf' | 'blood', number> = {
  scalp: 0.021,
  bone: 0.06,
  brain: 0.021,
  csf: 0.0205,
  blood: 0.0215,
};

/** Σ attenuation × path length through the phantom along a ray p + t·d (|d| = 1), in mm·(1/mm). */
export function lineIntegral(px: number, py: number, pz: number, dx: number, dy: number, dz: number): number {
  let sum = chord(scalp, px, py, pz, dx, dy, dz) * MU.scalp;
  sum += chord(skull, px, py, pz, dx, dy, dz) * (MU.bone - MU.scalp);
  sum += chord(brain, px, py, pz, dx, dy, dz) * (MU.brain - MU.bone);
  for (const v of ventricles) sum += chord(v, px, py, pz, dx, dy, dz) * (MU.csf - MU.brain);
  for (const h of haemorrhages) sum += chord(h, px, py, pz, dx, dy, dz) * (MU.blood - MU.brain);
  return sum;
}

/** Length of a line's chord through an ellipsoid (0 when it misses). */
function chord(p: Prepared, px: number, py: number, pz: number, dx: number, dy: number, dz: number): number {
  const ox = px - p.cx;
  const oy = py - p.cy;
  const ou = (ox * p.cos - oy * p.sin) * p.ia;
  const ov = (ox * p.sin + oy * p.cos) * p.ib;
  const ow = (pz - p.cz) * p.ic;
  const du = (dx * p.cos - dy * p.sin) * p.ia;
  const dv = (dx * p.sin + dy * p.cos) * p.ib;
  const dw = dz * p.ic;
  const A = du * du + dv * dv + dw * dw;
  const B = 2 * (ou * du + ov * dv + ow * dw);
  const C = ou * ou + ov * ov + ow * ow - 1;
  const disc = B * B - 4 * A * C;
  if (disc <= 0) return 0;
  return Math.sqrt(disc) / A;
}
