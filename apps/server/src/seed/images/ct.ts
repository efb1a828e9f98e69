import { blur121, toInt16Bytes } from './image-ops';
import {
  commonAttributes,
  frameOfReferenceUid,
  SOP_CLASS,
  type GeneratedInstance,
  type GenerateOptions,
  type SeriesSpec,
} from './modules';
import { ds, dsList, writePart10 } from './part10';
import { pixelRandom, seedOf } from './random';
import { lineIntegral, Tissue, TISSUE_COUNT, tissueSlice, type Plane } from './shepp-logan';

export interface CtOptions extends GenerateOptions {
  /** Axial slices (default 120; at least 1). */
  slices?: number;
  /** Rows = columns (default 512). */
  size?: number;
  /** Head length covered by the slices, mm (default 150: skull base to vertex). */
  coverageMm?: number;
  /** Display field of view, mm (default 250). */
  fovMm?: number;
  /** A lateral localizer as series 1 (default true). */
  localizer?: boolean;
}

/** Hounsfield units of each tissue: brain window 40/80 shows grey/white matter, CSF dark, blood bright. */
export const CT_HU: Record<Tissue, number> = {
  [Tissue.Air]: -1000,
  [Tissue.Scalp]: 30,
  [Tissue.Bone]: 1150,
  [Tissue.Cortex]: 38,
  [Tissue.WhiteMatter]: 27,
  [Tissue.Csf]: 6,
  [Tissue.DeepGrey]: 40,
  [Tissue.Haemorrhage]: 72,
  [Tissue.Tumour]: 52,
};
/** Outside the reconstruction circle. */
const PADDING_HU = -2048;
const RESCALE_INTERCEPT = -1024;
const BRAIN_WINDOW = { center: 40, width: 80 };

/**
 * A head CT of the Shepp–Logan phantom: optional lateral localizer (series 1), then axial slices (series 2), 16-bit
 * signed stored values with RescaleIntercept -1024 (HU), brain and bone windows, noise as thick/thin slices have.
 * Slices are made one at a time, so a 300-slice 512×512 series never sits in memory whole.
 */
export function* generateCt(opts: CtOptions): Generator<GeneratedInstance> {
  const slices = Math.max(1, Math.floor(opts.slices ?? 120));
  const size = Math.max(16, Math.floor(opts.size ?? 512));
  const coverage = opts.coverageMm ?? 150;
  const fov = opts.fovMm ?? 250;
  const spacing = coverage / slices;
  const thickness = spacing;
  const pixel = fov / size;
  const seed = opts.seed ?? opts.study.studyInstanceUid;
  const frameOfReference = frameOfReferenceUid(opts.study, 'ct');
  const lut = Float32Array.from({ length: TISSUE_COUNT }, (_, t) => CT_HU[t as Tissue]);
  const sigma = 3 * Math.sqrt(5 / thickness);

  if (opts.localizer !== false) yield localizer(opts, frameOfReference, seed, Math.min(512, Math.max(128, size)));

  const series: SeriesSpec = {
    number: 2,
    modality: 'CT',
    description: `Head ${ds(thickness)}mm axial`,
    bodyPart: 'HEAD',
    offsetMinutes: 2,
  };
  const half = (size - 1) / 2;
  const radius2 = (size / 2) ** 2;
  for (let i = 0; i < slices; i++) {
    // Inferior to superior, the way a head scan runs from the skull base.
    const z = -coverage / 2 + spacing * (i + 0.5);
    const origin = [-fov / 2 + pixel / 2, -fov / 2 + pixel / 2, z] as const;
    const plane: Plane = {
      origin,
      rowDirection: [1, 0, 0],
      columnDirection: [0, 1, 0],
      rows: size,
      columns: size,
      spacing: [pixel, pixel],
    };
    const labels = tissueSlice(plane);
    const hu = new Float32Array(labels.length);
    for (let p = 0; p < labels.length; p++) hu[p] = lut[labels[p]!]!;
    const smooth = blur121(hu, size, size, size >= 384 ? 2 : 1);
    const rnd = pixelRandom(seedOf(`${seed}|ct|${i}`));
    for (let y = 0, p = 0; y < size; y++) {
      for (let x = 0; x < size; x++, p++) {
        if ((x - half) ** 2 + (y - half) ** 2 > radius2) smooth[p] = PADDING_HU;
        else if (labels[p] !== Tissue.Air || smooth[p]! > -990) smooth[p] = smooth[p]! + sigma * rnd.normal();
        smooth[p] = smooth[p]! - RESCALE_INTERCEPT;
      }
    }
    const attrs = commonAttributes(opts, series, {
      sopClassUid: SOP_CLASS.ct,
      number: i + 1,
      imageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
    });
    const dataset = {
      ...attrs,
      ...ctAcquisition(thickness),
      FrameOfReferenceUID: frameOfReference,
      PositionReferenceIndicator: '',
      PatientPosition: 'HFS',
      AcquisitionNumber: 1,
      ImagePositionPatient: dsList([...origin]),
      ImageOrientationPatient: ['1', '0', '0', '0', '1', '0'],
      SliceLocation: ds(z),
      SpacingBetweenSlices: ds(spacing),
      ReconstructionDiameter: ds(fov),
      SamplesPerPixel: 1,
      PhotometricInterpretation: 'MONOCHROME2',
      Rows: size,
      Columns: size,
      PixelSpacing: dsList([pixel, pixel]),
      BitsAllocated: 16,
      BitsStored: 16,
      HighBit: 15,
      PixelRepresentation: 1,
      WindowCenter: [ds(BRAIN_WINDOW.center), '600'],
      WindowWidth: [ds(BRAIN_WINDOW.width), '2800'],
      WindowCenterWidthExplanation: ['BRAIN', 'BONE'],
      RescaleIntercept: ds(RESCALE_INTERCEPT),
      RescaleSlope: '1',
      RescaleType: 'HU',
    };
    const bytes = writePart10(
      dataset,
      { frames: [toInt16Bytes(smooth, true)], pixels: size * size, samples: 1, bitsAllocated: 16 },
      opts.syntax,
    );
    yield {
      sopClassUid: SOP_CLASS.ct,
      sopInstanceUid: attrs.SOPInstanceUID as string,
      seriesInstanceUid: attrs.SeriesInstanceUID as string,
      instanceNumber: i + 1,
      bytes,
    };
  }
}

function ctAcquisition(thickness: number) {
  return {
    ScanOptions: 'AXIAL MODE',
    SliceThickness: ds(thickness),
    KVP: '120',
    DataCollectionDiameter: '500',
    GantryDetectorTilt: '0',
    TableHeight: '160',
    RotationDirection: 'CW',
    ExposureTime: '1000',
    XRayTubeCurrent: '250',
    Exposure: '250',
    ConvolutionKernel: 'H30s',
  };
}

/** A lateral scout: the phantom's line integrals across the head (left to right), brighter where more attenuating. */
function localizer(opts: CtOptions, frameOfReference: string, seed: string, size: number): GeneratedInstance {
  const pixel = 256 / size;
  const extent = size * pixel;
  // Rows run head to foot (−z), columns front to back (+y); seen from the patient's left.
  const origin = [0, -extent / 2 + pixel / 2, extent / 2 - pixel / 2] as const;
  const values = new Float32Array(size * size);
  const rnd = pixelRandom(seedOf(`${seed}|scout`));
  for (let r = 0, p = 0; r < size; r++) {
    const z = origin[2] - r * pixel;
    for (let c = 0; c < size; c++, p++) {
      const y = origin[1] + c * pixel;
      values[p] = Math.max(0, 60 + lineIntegral(-200, y, z, 1, 0, 0) * 620 + 6 * rnd.normal());
    }
  }
  const series: SeriesSpec = {
    number: 1,
    modality: 'CT',
    description: 'Topogram lateral',
    bodyPart: 'HEAD',
    offsetMinutes: 1,
  };
  const attrs = commonAttributes(opts, series, {
    sopClassUid: SOP_CLASS.ct,
    number: 1,
    imageType: ['ORIGINAL', 'PRIMARY', 'LOCALIZER'],
  });
  const dataset = {
    ...attrs,
    ...ctAcquisition(1),
    ScanOptions: 'TOPOGRAM',
    FrameOfReferenceUID: frameOfReference,
    PositionReferenceIndicator: '',
    PatientPosition: 'HFS',
    AcquisitionNumber: 1,
    ImagePositionPatient: dsList([...origin]),
    ImageOrientationPatient: ['0', '1', '0', '0', '0', '-1'],
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: size,
    Columns: size,
    PixelSpacing: dsList([pixel, pixel]),
    BitsAllocated: 16,
    BitsStored: 12,
    HighBit: 11,
    PixelRepresentation: 0,
    WindowCenter: '1500',
    WindowWidth: '3000',
    RescaleIntercept: '0',
    RescaleSlope: '1',
    RescaleType: 'US',
  };
  const bytes = writePart10(
    dataset,
    { frames: [toInt16Bytes(values, false, 4095)], pixels: size * size, samples: 1, bitsAllocated: 16 },
    opts.syntax,
  );
  return {
    sopClassUid: SOP_CLASS.ct,
    sopInstanceUid: attrs.SOPInstanceUID as string,
    seriesInstanceUid: attrs.SeriesInstanceUID as string,
    instanceNumber: 1,
    bytes,
  };
}
