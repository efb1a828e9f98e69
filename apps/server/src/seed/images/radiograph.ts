import { drawChest } from './chest';
import { toInt16Bytes } from './image-ops';
import { commonAttributes, SOP_CLASS, type GeneratedInstance, type GenerateOptions, type SeriesSpec } from './modules';
import { ds, dsList, writePart10 } from './part10';

export interface RadiographOptions extends GenerateOptions {
  /** CR (Computed Radiography, MONOCHROME1 as CR readers write) or DX for presentation (MONOCHROME2). */
  modality: 'CR' | 'DX';
  /** Rows = columns (default 1024). */
  size?: number;
}

const MAX = 4095;

/** A PA chest radiograph (see chest.ts), 12 bits in 16. */
export function* generateChestRadiograph(opts: RadiographOptions): Generator<GeneratedInstance> {
  const size = Math.max(64, Math.floor(opts.size ?? 1024));
  const pixel = 400 / size;
  const seed = opts.seed ?? opts.study.studyInstanceUid;
  const signal = drawChest(size, size, seed);
  const monochrome1 = opts.modality === 'CR';
  const values = new Float32Array(signal.length);
  for (let i = 0; i < signal.length; i++) values[i] = monochrome1 ? MAX - signal[i]! * MAX : signal[i]! * MAX;
  const window = percentileWindow(values);
  const sopClassUid = opts.modality === 'CR' ? SOP_CLASS.cr : SOP_CLASS.dxPresentation;
  const series: SeriesSpec = {
    number: 1,
    modality: opts.modality,
    description: 'Chest PA',
    bodyPart: 'CHEST',
    offsetMinutes: 1,
  };
  const attrs = commonAttributes(opts, series, {
    sopClassUid,
    number: 1,
    imageType: opts.modality === 'DX' ? ['ORIGINAL', 'PRIMARY'] : ['ORIGINAL', 'PRIMARY', ''],
  });
  const common = {
    ...attrs,
    ViewPosition: 'PA',
    PatientOrientation: ['L', 'F'],
    KVP: '120',
    ExposureTime: '8',
    XRayTubeCurrent: '250',
    Exposure: '2',
    DistanceSourceToDetector: '1800',
    ImagerPixelSpacing: dsList([pixel, pixel]),
    SamplesPerPixel: 1,
    PhotometricInterpretation: monochrome1 ? 'MONOCHROME1' : 'MONOCHROME2',
    Rows: size,
    Columns: size,
    BitsAllocated: 16,
    BitsStored: 12,
    HighBit: 11,
    PixelRepresentation: 0,
    WindowCenter: ds(window.center),
    WindowWidth: ds(window.width),
  };
  const dataset =
    opts.modality === 'CR'
      ? { ...common, PixelSpacing: dsList([pixel, pixel]), RescaleIntercept: '0', RescaleSlope: '1', RescaleType: 'US' }
      : {
          ...common,
          PresentationIntentType: 'FOR PRESENTATION',
          ImageLaterality: 'U',
          AnatomicRegionSequence: [{ CodeValue: '43799004', CodingSchemeDesignator: 'SCT', CodeMeaning: 'Chest' }],
          AcquisitionContextSequence: [],
          ViewCodeSequence: [
            {
              CodeValue: '399348003',
              CodingSchemeDesignator: 'SCT',
              CodeMeaning: 'postero-anterior',
              ViewModifierCodeSequence: [],
            },
          ],
          PatientOrientationCodeSequence: [
            { CodeValue: '10904000', CodingSchemeDesignator: 'SCT', CodeMeaning: 'erect' },
          ],
          DetectorType: 'SCINTILLATOR',
          DetectorConfiguration: 'AREA',
          PixelIntensityRelationship: 'LOG',
          PixelIntensityRelationshipSign: 1,
          RescaleIntercept: '0',
          RescaleSlope: '1',
          RescaleType: 'US',
          PresentationLUTShape: 'IDENTITY',
          PositionerType: 'NONE',
          BlockedPixels: 'NO',
        };
  const bytes = writePart10(
    dataset,
    { frames: [toInt16Bytes(values, false, MAX)], pixels: size * size, samples: 1, bitsAllocated: 16 },
    opts.syntax,
  );
  yield {
    sopClassUid,
    sopInstanceUid: attrs.SOPInstanceUID as string,
    seriesInstanceUid: attrs.SeriesInstanceUID as string,
    instanceNumber: 1,
    bytes,
  };
}

/** A VOI window over the 1st–99th percentile of the values. */
export function percentileWindow(values: Float32Array): { center: number; width: number } {
  const step = Math.max(1, Math.floor(values.length / 40000));
  // A typed array sorts numerically in native code: a tenth of the time of Array#sort with a comparator.
  const sample = new Float32Array(Math.ceil(values.length / step));
  for (let i = 0, j = 0; i < values.length; i += step, j++) sample[j] = values[i]!;
  sample.sort();
  const lo = sample[Math.floor(sample.length * 0.01)]!;
  const hi = sample[Math.floor(sample.length * 0.99)]!;
  const width = Math.max(2, Math.round(hi - lo));
  return { center: Math.round(lo + width / 2), width };
}
