import type { RequestSaved, UnmatchedStudy } from '@rangsi/contract';

/** The unmatched study a new request is made for, carried in the router's history state (survives a reload). */
export const studyFromState = {
  wrap: (study: UnmatchedStudy) => ({ fromStudy: study }),
  unwrap: (state: unknown): UnmatchedStudy | null => {
    const study = (state as { fromStudy?: UnmatchedStudy } | null)?.fromStudy;
    return study && typeof study.studyId === 'string' ? study : null;
  },
};

/**
 * Which exam of a saved request the study's images go to: the one whose modality the images have (CT images to the
 * CT exam), else the only exam; null when that cannot be told (several exams, none of the images' modality).
 */
export function examForStudy(
  study: Pick<UnmatchedStudy, 'modalities'>,
  exams: RequestSaved['exams'],
): RequestSaved['exams'][number] | null {
  const modalities = studyModalities(study);
  const same = exams.filter((e) => modalities.includes(e.modalityCode.toUpperCase()));
  if (same.length === 1) return same[0]!;
  return exams.length === 1 ? exams[0]! : null;
}

/** The study's modalities (DICOM's ModalitiesInStudy, backslash-separated) as upper-case codes, in their order. */
export function studyModalities(study: Pick<UnmatchedStudy, 'modalities'>): string[] {
  return (study.modalities ?? '')
    .split(/[\\,\s]+/)
    .filter(Boolean)
    .map((m) => m.toUpperCase());
}
