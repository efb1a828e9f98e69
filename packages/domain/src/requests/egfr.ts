/** Sex as the CKD-EPI equation needs it; anything else gives no estimate. */
export type EgfrSex = 'Male' | 'Female';

/**
 * eGFR in mL/min/1.73 m² by the race-free CKD-EPI 2021 creatinine equation (Inker et al., NEJM 2021), rounded to a
 * whole number; null when creatinine (mg/dL), age or sex is missing or out of range.
 */
export function egfrCkdEpi2021(
  creatinineMgDl: number | null | undefined,
  ageYears: number | null | undefined,
  sex: string | null | undefined,
): number | null {
  if (creatinineMgDl == null || ageYears == null || !Number.isFinite(creatinineMgDl) || !Number.isFinite(ageYears))
    return null;
  if (creatinineMgDl <= 0 || ageYears < 18 || ageYears > 130) return null;
  if (sex !== 'Male' && sex !== 'Female') return null;
  const female = sex === 'Female';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = creatinineMgDl / kappa;
  const value =
    142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** ageYears * (female ? 1.012 : 1);
  return Math.round(value);
}

/**
 * eGFR in mL/min/1.73 m² by the bedside Schwartz equation for children (Schwartz et al., JASN 2009): 0.413 × height
 * (cm) / creatinine (mg/dL), rounded; null outside ages 1–17 or without a plausible height and creatinine.
 */
export function egfrBedsideSchwartz(
  creatinineMgDl: number | null | undefined,
  heightCm: number | null | undefined,
  ageYears: number | null | undefined,
): number | null {
  if (creatinineMgDl == null || heightCm == null || ageYears == null) return null;
  if (!Number.isFinite(creatinineMgDl) || !Number.isFinite(heightCm) || !Number.isFinite(ageYears)) return null;
  if (creatinineMgDl <= 0 || ageYears < 1 || ageYears >= 18 || heightCm < 40 || heightCm > 230) return null;
  return Math.round((0.413 * heightCm) / creatinineMgDl);
}

/** Why no eGFR could be estimated: the field the user may fill, or a patient the equations do not cover. */
export type EgfrGap = 'creatinine' | 'age' | 'sex' | 'height' | 'infant';

/** An eGFR estimate and the equation behind it, or the reason there is none. */
export type EgfrEstimate =
  { value: number; method: 'ckd-epi-2021' | 'bedside-schwartz' } | { value: null; gap: EgfrGap };

/**
 * eGFR for a request form: CKD-EPI 2021 for adults, bedside Schwartz (which needs height) for children of 1–17 years;
 * when neither applies, the missing input or an infant under a year, whose creatinine no bedside equation reads.
 */
export function estimateEgfr(input: {
  creatinineMgDl: number | null;
  ageYears: number | null;
  sex: string | null;
  heightCm: number | null;
}): EgfrEstimate {
  const { creatinineMgDl, ageYears, sex, heightCm } = input;
  if (creatinineMgDl == null || !Number.isFinite(creatinineMgDl) || creatinineMgDl <= 0)
    return { value: null, gap: 'creatinine' };
  if (ageYears == null || !Number.isFinite(ageYears) || ageYears > 130) return { value: null, gap: 'age' };
  if (ageYears < 1) return { value: null, gap: 'infant' };
  if (ageYears < 18) {
    const value = egfrBedsideSchwartz(creatinineMgDl, heightCm, ageYears);
    return value === null ? { value: null, gap: 'height' } : { value, method: 'bedside-schwartz' };
  }
  const value = egfrCkdEpi2021(creatinineMgDl, ageYears, sex);
  return value === null ? { value: null, gap: 'sex' } : { value, method: 'ckd-epi-2021' };
}
