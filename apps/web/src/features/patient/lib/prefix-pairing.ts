import type { PatientFormData } from '@rangsi/contract';
import type { Gender } from './patient-form-model';

export type NamePrefix = PatientFormData['namePrefixesAll'][number];

export interface PrefixPairing {
  /** The paired prefix in the other language; undefined when the chosen text is not a known prefix. */
  paired?: string;
  /** The prefix's gender, when it has one (ranks and academic titles have none). */
  gender?: Gender;
}

/**
 * Spec §5: choosing a Thai prefix sets the English one (and the gender when the prefix has one), and the other way
 * round. One English prefix can stand for several Thai ones (Miss: นางสาว, เด็กหญิง, ด.ญ.; M.D.: นพ., พญ.), so the
 * Thai prefix already there is kept when it pairs, then one of the patient's gender is preferred, then the first.
 */
export function pairThaiPrefix(all: readonly NamePrefix[], thai: string): PrefixPairing {
  const found = all.find((p) => p.th === thai.trim());
  if (!found) return {};
  return { paired: found.en, ...(found.gender ? { gender: found.gender } : {}) };
}

export function pairEnglishPrefix(
  all: readonly NamePrefix[],
  english: string,
  current: { thai: string; gender: Gender },
): PrefixPairing {
  const candidates = all.filter((p) => p.en === english.trim());
  if (candidates.length === 0) return {};
  const found =
    candidates.find((p) => p.th === current.thai.trim()) ??
    (current.gender !== 'Unknown' ? candidates.find((p) => p.gender === current.gender) : undefined) ??
    candidates[0]!;
  return { paired: found.th, ...(found.gender ? { gender: found.gender } : {}) };
}
