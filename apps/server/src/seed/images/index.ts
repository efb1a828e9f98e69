/**
 * Synthetic DICOM studies for the demo and for benchmarks: valid Part-10 instances (dcmjs), deterministic for a
 * given study UID and seed, Thai names in UTF-8. Nothing here touches the archive: callers ingest the bytes.
 */
import { generateCt, type CtOptions } from './ct';
import { generateMg, type MgOptions } from './mg';
import type { GeneratedInstance, GenerateOptions } from './modules';
import { generateMr, type MrOptions } from './mr';
import { generateChestRadiograph } from './radiograph';
import { generateUs, type UsOptions } from './us';

export { generateCt, type CtOptions } from './ct';
export { generateMr, type MrOptions } from './mr';
export { generateChestRadiograph, type RadiographOptions } from './radiograph';
export { generateUs, type UsOptions } from './us';
export { generateMg, type MgOptions } from './mg';
export {
  SOP_CLASS,
  type GeneratedInstance,
  type GeneratedPatient,
  type GeneratedStudy,
  type GenerateOptions,
} from './modules';
export { uidFrom } from './uid';
export type { GeneratedSyntax } from './part10';

export const GENERATED_MODALITIES = ['CT', 'MR', 'CR', 'DX', 'US', 'MG'] as const;
export type GeneratedModality = (typeof GENERATED_MODALITIES)[number];

/** Size options of each modality (all optional). */
export type StudyOptions = GenerateOptions & {
  ct?: Pick<CtOptions, 'slices' | 'size' | 'coverageMm' | 'fovMm' | 'localizer'>;
  mr?: Pick<MrOptions, 'size' | 'axialSlices' | 'sagittalSlices'>;
  radiograph?: { size?: number };
  us?: Pick<UsOptions, 'stills' | 'cineFrames' | 'doppler'>;
  mg?: Pick<MgOptions, 'columns'>;
};

/**
 * The instances of one study of a modality: CT head (Shepp–Logan phantom, localizer + axial), MR head (T2 axial, T1
 * sagittal), CR or DX chest PA, US abdomen (stills, colour Doppler, optional cine), MG screening (four views).
 * Instances are made lazily, one at a time.
 */
export function generateStudy(modality: GeneratedModality, opts: StudyOptions): Generator<GeneratedInstance> {
  switch (modality) {
    case 'CT':
      return generateCt({ ...opts, ...opts.ct });
    case 'MR':
      return generateMr({ ...opts, ...opts.mr });
    case 'CR':
    case 'DX':
      return generateChestRadiograph({ ...opts, ...opts.radiograph, modality });
    case 'US':
      return generateUs({ ...opts, ...opts.us });
    case 'MG':
      return generateMg({ ...opts, ...opts.mg });
  }
}
