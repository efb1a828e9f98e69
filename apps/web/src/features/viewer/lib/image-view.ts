import { parseOrientation } from './slice-geometry';

/** What the instance list tells about one image's directions and size (decision V16). */
export interface ImageInfo {
  imageOrientationPatient: string | null;
  /** PatientOrientation (0020,0020) of a projection image: the row and column directions, e.g. ["P", "L"]. */
  patientOrientation?: [string, string] | null;
  laterality?: 'R' | 'L' | null;
  viewPosition?: string | null;
  /** PixelSpacing: row spacing, column spacing (mm). */
  pixelSpacing?: [number, number] | null;
  /** ImagerPixelSpacing: the same at the detector. */
  imagerPixelSpacing?: [number, number] | null;
}

/** One ImageInfo per image id, as imageIdsOf makes them (every frame of a multi-frame instance). */
export function infosOf<T extends ImageInfo & { numberOfFrames: number }>(instances: readonly T[]): T[] {
  return instances.flatMap((i) => (i.numberOfFrames > 1 ? Array.from({ length: i.numberOfFrames }, () => i) : [i]));
}

/** The letters at the four edges of the viewport: where in the patient each edge points. */
export interface Markers {
  top: string;
  right: string;
  bottom: string;
  left: string;
}

const OPPOSITE: Record<string, string> = { A: 'P', P: 'A', R: 'L', L: 'R', H: 'F', F: 'H' };

export function oppositeLetters(letters: string): string {
  return [...letters].map((c) => OPPOSITE[c] ?? c).join('');
}

/**
 * The letters of a direction in patient coordinates (DICOM LPS: +x left, +y posterior, +z head), strongest first;
 * components under 0.3 are left out (an oblique plane gets two or three letters, as workstations show them).
 */
export function lettersOfVector(v: readonly number[]): string {
  const axes = [
    { value: v[0] ?? 0, pos: 'L', neg: 'R' },
    { value: v[1] ?? 0, pos: 'P', neg: 'A' },
    { value: v[2] ?? 0, pos: 'H', neg: 'F' },
  ];
  return axes
    .filter((a) => Math.abs(a.value) >= 0.3)
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
    .map((a) => (a.value > 0 ? a.pos : a.neg))
    .join('');
}

/**
 * Where the image's rows (left to right) and columns (top to bottom) point in the patient: from ImageOrientationPatient
 * (cross-sectional images), else PatientOrientation (projection images); null when the image says neither.
 */
export function imageDirections(info: ImageInfo | undefined): { row: string; column: string } | null {
  if (!info) return null;
  const iop = parseOrientation(info.imageOrientationPatient);
  if (iop) {
    const row = lettersOfVector(iop.slice(0, 3));
    const column = lettersOfVector(iop.slice(3, 6));
    if (row && column) return { row, column };
  }
  const po = info.patientOrientation;
  return po && po[0] && po[1] ? { row: po[0], column: po[1] } : null;
}

/**
 * The markers of an image drawn so that one screen pixel right and one down move `right` and `down` in image
 * pixels (column, row): flips and rotations included, whatever order the viewport applied them in.
 */
export function markersOf(
  info: ImageInfo | undefined,
  right: readonly [number, number],
  down: readonly [number, number],
): Markers | null {
  const dirs = imageDirections(info);
  if (!dirs) return null;
  const along = ([di, dj]: readonly [number, number]) =>
    Math.abs(di) >= Math.abs(dj)
      ? di >= 0
        ? dirs.row
        : oppositeLetters(dirs.row)
      : dj >= 0
        ? dirs.column
        : oppositeLetters(dirs.column);
  const r = along(right);
  const b = along(down);
  return { top: oppositeLetters(b), right: r, bottom: b, left: oppositeLetters(r) };
}

/** The millimetres per image pixel across (columns) and down (rows), and which attribute said so. */
export function spacingOf(
  info: ImageInfo | undefined,
): { across: number; down: number; source: 'PixelSpacing' | 'ImagerPixelSpacing' } | null {
  if (info?.pixelSpacing) return { down: info.pixelSpacing[0], across: info.pixelSpacing[1], source: 'PixelSpacing' };
  if (info?.imagerPixelSpacing)
    return { down: info.imagerPixelSpacing[0], across: info.imagerPixelSpacing[1], source: 'ImagerPixelSpacing' };
  return null;
}

const NICE_MM = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/** The longest round length (mm) whose bar fits in `maxPx` screen pixels at `pxPerMm`; null when none does. */
export function scaleBar(pxPerMm: number, maxPx: number): { mm: number; px: number } | null {
  if (!(pxPerMm > 0) || !Number.isFinite(pxPerMm)) return null;
  let best: { mm: number; px: number } | null = null;
  for (const mm of NICE_MM) if (mm * pxPerMm <= maxPx) best = { mm, px: Math.round(mm * pxPerMm) };
  return best && best.px >= 8 ? best : null;
}

export type MammoView = 'RCC' | 'LCC' | 'RMLO' | 'LMLO';
export const MAMMO_VIEWS: readonly MammoView[] = ['RCC', 'LCC', 'RMLO', 'LMLO'];

/** "RCC", "LMLO", "RML"…: laterality and view of a mammogram (or any image with both), else null. */
export function viewLabel(info: ImageInfo | undefined): string | null {
  return info?.laterality && info.viewPosition ? `${info.laterality}${info.viewPosition}` : null;
}

/** One of the four screening views, else null (spot, magnification and other views are not hung). */
export function mammoViewOf(info: ImageInfo | undefined): MammoView | null {
  const label = viewLabel(info);
  return label && (MAMMO_VIEWS as readonly string[]).includes(label) ? (label as MammoView) : null;
}

/**
 * How a breast image is flipped to hang (decision V16): the right breast's chest wall on the image's right edge and the
 * left's on its left, so that side by side they face each other; CC views with the lateral side up, MLO with the head
 * up. Read from PatientOrientation; an image without it is shown as stored.
 */
export function hangingFlip(info: ImageInfo | undefined): { flipHorizontal: boolean; flipVertical: boolean } {
  const po = info?.patientOrientation;
  const side = info?.laterality;
  if (!po || !side) return { flipHorizontal: false, flipVertical: false };
  const [row, column] = po;
  // The image's right edge points along the row direction: towards the back (chest wall) or the front (nipple).
  const flipHorizontal = side === 'R' ? row.includes('A') : row.includes('P');
  const cc = info.viewPosition === 'CC';
  const flipVertical = cc ? column.includes(side) : column.includes('H');
  return { flipHorizontal, flipVertical };
}
