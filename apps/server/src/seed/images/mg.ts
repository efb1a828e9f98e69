import { blur121, boxBlur, clamp, toInt16Bytes } from './image-ops';
import { commonAttributes, SOP_CLASS, type GeneratedInstance, type GenerateOptions, type SeriesSpec } from './modules';
import { ds, dsList, writePart10 } from './part10';
import { pixelRandom, seedOf } from './random';
import { percentileWindow } from './radiograph';

export interface MgOptions extends GenerateOptions {
  /** Columns (default 768); rows are 4/3 of it. */
  columns?: number;
  /**
   * 'left' stores every view with the chest wall on the image's left, as some units do (the right breast's views
   * mirrored, PatientOrientation "A\L" and "A\FL"): a viewer must flip them to hang them facing.
   */
  chestWall?: 'facing' | 'left';
}

type View = { laterality: 'R' | 'L'; view: 'CC' | 'MLO' };
const VIEWS: View[] = [
  { laterality: 'R', view: 'CC' },
  { laterality: 'L', view: 'CC' },
  { laterality: 'R', view: 'MLO' },
  { laterality: 'L', view: 'MLO' },
];
const VIEW_CODE = {
  CC: { CodeValue: '399162004', CodingSchemeDesignator: 'SCT', CodeMeaning: 'cranio-caudal' },
  MLO: { CodeValue: '399368009', CodingSchemeDesignator: 'SCT', CodeMeaning: 'medio-lateral oblique' },
};
/** PS3.3 C.8.11.7 / PS3.17: row and column directions of each view, the chest wall on the image's outer edge. */
const ORIENTATION: Record<string, [string, string]> = {
  RCC: ['P', 'L'],
  LCC: ['A', 'R'],
  RMLO: ['P', 'FL'],
  LMLO: ['A', 'FR'],
};
const MAX = 4095;

/**
 * A screening mammogram: RCC, LCC, RMLO, LMLO (Digital Mammography X-Ray Image for presentation, MONOCHROME2,
 * 12 bits): breast outline against the chest wall, skin line, fibroglandular texture, the pectoral muscle on the
 * MLO views and a few calcifications in the left breast.
 */
export function* generateMg(opts: MgOptions): Generator<GeneratedInstance> {
  const columns = Math.max(64, Math.floor(opts.columns ?? 768));
  const rows = Math.round((columns * 4) / 3);
  const pixel = 200 / columns;
  const seed = opts.seed ?? opts.study.studyInstanceUid;
  const series: SeriesSpec = {
    number: 1,
    modality: 'MG',
    description: 'Screening mammogram',
    bodyPart: 'BREAST',
    offsetMinutes: 1,
  };
  let number = 0;
  const textures = new Map<string, BreastTexture>();
  for (const v of VIEWS) {
    number += 1;
    let texture = textures.get(v.laterality);
    if (!texture)
      textures.set(v.laterality, (texture = breastTexture(columns, rows, seedOf(`${seed}|mg|${v.laterality}`))));
    const mirrored = opts.chestWall === 'left' && v.laterality === 'R';
    const values = drawBreast(columns, rows, v, texture, seedOf(`${seed}|mg|${v.laterality}${v.view}`), mirrored);
    const window = percentileWindow(values.filter((x) => x > 200));
    const attrs = commonAttributes(opts, series, {
      sopClassUid: SOP_CLASS.mgPresentation,
      number,
      imageType: ['ORIGINAL', 'PRIMARY', ''],
    });
    const dataset = {
      ...attrs,
      PresentationIntentType: 'FOR PRESENTATION',
      ImageLaterality: v.laterality,
      ViewPosition: v.view,
      PatientOrientation: mirrored
        ? ['A', ORIENTATION[`${v.laterality}${v.view}`]![1]]
        : ORIENTATION[`${v.laterality}${v.view}`]!,
      AnatomicRegionSequence: [{ CodeValue: '76752008', CodingSchemeDesignator: 'SCT', CodeMeaning: 'Breast' }],
      AcquisitionContextSequence: [],
      ViewCodeSequence: [{ ...VIEW_CODE[v.view], ViewModifierCodeSequence: [] }],
      BreastImplantPresent: 'NO',
      PartialView: 'NO',
      OrganExposed: 'BREAST',
      KVP: '29',
      ExposureTime: '900',
      XRayTubeCurrent: '100',
      Exposure: '90',
      BodyPartThickness: '52',
      CompressionForce: '110',
      DistanceSourceToDetector: '660',
      DistanceSourceToPatient: '610',
      PositionerType: 'MAMMOGRAPHIC',
      PositionerPrimaryAngle: v.view === 'CC' ? '0' : v.laterality === 'R' ? '45' : '-45',
      DetectorType: 'DIRECT',
      DetectorConfiguration: 'AREA',
      ImagerPixelSpacing: dsList([pixel, pixel]),
      PixelSpacing: dsList([pixel, pixel]),
      AnodeTargetMaterial: 'TUNGSTEN',
      FilterMaterial: 'RHODIUM',
      SamplesPerPixel: 1,
      PhotometricInterpretation: 'MONOCHROME2',
      Rows: rows,
      Columns: columns,
      BitsAllocated: 16,
      BitsStored: 12,
      HighBit: 11,
      PixelRepresentation: 0,
      PixelIntensityRelationship: 'LOG',
      PixelIntensityRelationshipSign: 1,
      RescaleIntercept: '0',
      RescaleSlope: '1',
      RescaleType: 'US',
      WindowCenter: ds(window.center),
      WindowWidth: ds(window.width),
      PresentationLUTShape: 'IDENTITY',
      BurnedInAnnotation: 'NO',
    };
    const bytes = writePart10(
      dataset,
      { frames: [toInt16Bytes(values, false, MAX)], pixels: rows * columns, samples: 1, bitsAllocated: 16 },
      opts.syntax,
    );
    yield {
      sopClassUid: SOP_CLASS.mgPresentation,
      sopInstanceUid: attrs.SOPInstanceUID as string,
      seriesInstanceUid: attrs.SeriesInstanceUID as string,
      instanceNumber: number,
      bytes,
    };
  }
}

interface BreastTexture {
  coarse: Float32Array;
  fine: Float32Array;
}

/** One breast's fibroglandular pattern, shared by its two views (roughly: the same tissue, another projection). */
function breastTexture(width: number, height: number, seed: number): BreastTexture {
  const rnd = pixelRandom(seed);
  const noise = new Float32Array(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = rnd.normal();
  return {
    coarse: boxBlur(boxBlur(noise, width, height, Math.round(width / 40)), width, height, Math.round(width / 60)),
    fine: boxBlur(noise, width, height, Math.max(1, Math.round(width / 300))),
  };
}

/** One view: 0 outside the breast, brighter where denser. The right breast's chest wall is on the image's right. */
function drawBreast(
  width: number,
  height: number,
  v: View,
  { coarse, fine }: BreastTexture,
  viewSeed: number,
  mirrored = false,
): Float32Array {
  const rnd = pixelRandom(viewSeed);
  const out = new Float32Array(width * height);
  const mlo = v.view === 'MLO';
  // Distances in units of the image width, measured from the chest wall.
  for (let y = 0, p = 0; y < height; y++) {
    const t = y / height;
    for (let x = 0; x < width; x++, p++) {
      const fromWall = (v.laterality === 'R' && !mirrored ? width - 1 - x : x) / width;
      // Breast outline: a half-ellipse from the chest wall; MLO longer and lower, with the axillary tail up high.
      const cy = mlo ? 0.56 : 0.5;
      const ry = mlo ? 0.42 : 0.36;
      const rx = mlo ? 0.66 : 0.62;
      const r = Math.sqrt((fromWall / rx) ** 2 + ((t - cy) / ry) ** 2);
      if (r >= 1) continue;
      // Thickness falls off towards the skin edge; the skin itself is a thin brighter line.
      const thickness = Math.sqrt(Math.min(1, (1 - r) * 6));
      const skin = r > 0.992 ? 0.08 : 0;
      // Fibroglandular tissue: denser behind the nipple, less towards the chest wall and the edge.
      const density =
        clamp(0.55 + 0.9 * coarse[p]! * Math.sqrt(width / 40) + 0.12 * fine[p]!, 0, 1) *
        (0.35 + 0.65 * Math.exp(-(((r - 0.45) / 0.35) ** 2)));
      let value = 0.18 + 0.27 * thickness + 0.42 * density * thickness + skin;
      // Pectoral muscle: a gently convex band along the chest wall's upper part on the MLO views.
      const edge = 0.36 * (1 - t / 0.62) + 0.05 * Math.sin(Math.PI * Math.min(1, t / 0.62));
      if (mlo && fromWall < edge)
        value = Math.max(value, 0.62 + 0.04 * fine[p]! + 0.08 * clamp((edge - fromWall) * 20, 0, 1));
      out[p] = value;
    }
  }
  // A cluster of calcifications in the left breast.
  if (v.laterality === 'L') {
    const cx = Math.round(width * 0.42);
    const cy = Math.round(height * (mlo ? 0.42 : 0.46));
    for (let k = 0; k < 9; k++) {
      const x = cx + Math.round((rnd.next() - 0.5) * width * 0.05);
      const y = cy + Math.round((rnd.next() - 0.5) * width * 0.05);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const q = (y + dy) * width + x + dx;
          if (q >= 0 && q < out.length && out[q]! > 0) out[q] = 1;
        }
    }
  }
  const smooth = blur121(out, width, height, 1);
  for (let i = 0; i < smooth.length; i++)
    smooth[i] = smooth[i]! > 0.02 ? clamp(smooth[i]! + 0.01 * rnd.normal(), 0, 1) * MAX : 0;
  return smooth;
}
