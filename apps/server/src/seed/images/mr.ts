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
import { Tissue, TISSUE_COUNT, tissueSlice, type Plane } from './shepp-logan';

export interface MrOptions extends GenerateOptions {
  /** Rows = columns (default 256). */
  size?: number;
  /** Axial T2 slices (default 16). */
  axialSlices?: number;
  /** Sagittal T1 slices (default 12). */
  sagittalSlices?: number;
}

type Contrast = 'T1' | 'T2';

/** Signal of each tissue on a spin-echo T1 and a fast spin-echo T2 image (12-bit scale). */
export const MR_SIGNAL: Record<Contrast, Record<Tissue, number>> = {
  T1: {
    [Tissue.Air]: 0,
    [Tissue.Scalp]: 1500,
    [Tissue.Bone]: 90,
    [Tissue.Cortex]: 820,
    [Tissue.WhiteMatter]: 1180,
    [Tissue.Csf]: 230,
    [Tissue.DeepGrey]: 900,
    [Tissue.Haemorrhage]: 1650,
    [Tissue.Tumour]: 700,
  },
  T2: {
    [Tissue.Air]: 0,
    [Tissue.Scalp]: 900,
    [Tissue.Bone]: 70,
    [Tissue.Cortex]: 1050,
    [Tissue.WhiteMatter]: 720,
    [Tissue.Csf]: 2300,
    [Tissue.DeepGrey]: 980,
    [Tissue.Haemorrhage]: 420,
    [Tissue.Tumour]: 1700,
  },
};
const NOISE = 14;

interface MrSeries {
  spec: SeriesSpec;
  contrast: Contrast;
  slices: number;
  thickness: number;
  gap: number;
  plane: 'axial' | 'sagittal';
  tr: number;
  te: number;
  etl: number;
}

/**
 * A head MR of the same Shepp–Logan phantom in two contrasts and planes: T2 axial (CSF bright) and T1 sagittal
 * (CSF dark, fat bright), 12-bit unsigned, Rician noise as magnitude images have.
 */
export function* generateMr(opts: MrOptions): Generator<GeneratedInstance> {
  const size = Math.max(16, Math.floor(opts.size ?? 256));
  const fov = 240;
  const pixel = fov / size;
  const seed = opts.seed ?? opts.study.studyInstanceUid;
  const frameOfReference = frameOfReferenceUid(opts.study, 'mr');
  const series: MrSeries[] = [
    {
      spec: { number: 1, modality: 'MR', description: 'T2 TSE axial', bodyPart: 'HEAD', offsetMinutes: 3 },
      contrast: 'T2',
      slices: opts.axialSlices ?? 16,
      thickness: 5,
      gap: 1,
      plane: 'axial',
      tr: 4000,
      te: 100,
      etl: 15,
    },
    {
      spec: { number: 2, modality: 'MR', description: 'T1 SE sagittal', bodyPart: 'HEAD', offsetMinutes: 9 },
      contrast: 'T1',
      slices: opts.sagittalSlices ?? 12,
      thickness: 5,
      gap: 1,
      plane: 'sagittal',
      tr: 500,
      te: 12,
      etl: 1,
    },
  ];
  for (const s of series) {
    const lut = Float32Array.from({ length: TISSUE_COUNT }, (_, t) => MR_SIGNAL[s.contrast][t as Tissue]);
    const step = s.thickness + s.gap;
    for (let i = 0; i < s.slices; i++) {
      const offset = (i - (s.slices - 1) / 2) * step;
      const start = -fov / 2 + pixel / 2;
      const plane: Plane =
        s.plane === 'axial'
          ? {
              origin: [start, start, offset],
              rowDirection: [1, 0, 0],
              columnDirection: [0, 1, 0],
              rows: size,
              columns: size,
              spacing: [pixel, pixel],
            }
          : {
              origin: [offset, start, -start],
              rowDirection: [0, 1, 0],
              columnDirection: [0, 0, -1],
              rows: size,
              columns: size,
              spacing: [pixel, pixel],
            };
      const labels = tissueSlice(plane);
      const signal = new Float32Array(labels.length);
      for (let p = 0; p < labels.length; p++) signal[p] = lut[labels[p]!]!;
      const smooth = blur121(signal, size, size, 1);
      const rnd = pixelRandom(seedOf(`${seed}|mr|${s.spec.number}|${i}`));
      for (let p = 0; p < smooth.length; p++) {
        const re = smooth[p]! + NOISE * rnd.normal();
        const im = NOISE * rnd.normal();
        smooth[p] = Math.sqrt(re * re + im * im);
      }
      const attrs = commonAttributes(opts, s.spec, {
        sopClassUid: SOP_CLASS.mr,
        number: i + 1,
        imageType: ['ORIGINAL', 'PRIMARY', 'OTHER'],
      });
      const orientation = [...plane.rowDirection, ...plane.columnDirection];
      const window = s.contrast === 'T2' ? { c: 1100, w: 2200 } : { c: 900, w: 1600 };
      const dataset = {
        ...attrs,
        ScanningSequence: 'SE',
        SequenceVariant: s.etl > 1 ? 'SK' : 'NONE',
        ScanOptions: '',
        MRAcquisitionType: '2D',
        SequenceName: s.etl > 1 ? '*tse2d1_15' : '*se2d1',
        AngioFlag: 'N',
        SliceThickness: ds(s.thickness),
        RepetitionTime: ds(s.tr),
        EchoTime: ds(s.te),
        NumberOfAverages: '1',
        ImagingFrequency: '63.87',
        ImagedNucleus: '1H',
        EchoNumbers: '1',
        MagneticFieldStrength: '1.5',
        SpacingBetweenSlices: ds(step),
        EchoTrainLength: String(s.etl),
        PixelBandwidth: '130',
        ReceiveCoilName: 'HEAD',
        InPlanePhaseEncodingDirection: 'ROW',
        FlipAngle: '90',
        PatientPosition: 'HFS',
        FrameOfReferenceUID: frameOfReference,
        PositionReferenceIndicator: '',
        AcquisitionNumber: 1,
        ImagePositionPatient: dsList([...plane.origin]),
        ImageOrientationPatient: orientation.map((v) => ds(v)),
        SliceLocation: ds(offset),
        SamplesPerPixel: 1,
        PhotometricInterpretation: 'MONOCHROME2',
        Rows: size,
        Columns: size,
        PixelSpacing: dsList([pixel, pixel]),
        BitsAllocated: 16,
        BitsStored: 12,
        HighBit: 11,
        PixelRepresentation: 0,
        WindowCenter: ds(window.c),
        WindowWidth: ds(window.w),
      };
      const bytes = writePart10(
        dataset,
        { frames: [toInt16Bytes(smooth, false, 4095)], pixels: size * size, samples: 1, bitsAllocated: 16 },
        opts.syntax,
      );
      yield {
        sopClassUid: SOP_CLASS.mr,
        sopInstanceUid: attrs.SOPInstanceUID as string,
        seriesInstanceUid: attrs.SeriesInstanceUID as string,
        instanceNumber: i + 1,
        bytes,
      };
    }
  }
}
