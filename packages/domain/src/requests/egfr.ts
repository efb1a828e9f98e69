/** Sex as the CKD-EPI equation needs it; anything else gives no estimate. */
export type EgfrSex = 'Male' | 'Female';

/**
 * eGFR in mL/min/1.73 m² by the race-free CKD-EPI 2021 creatinine equation (Inker et al., NEJM 2021), rounded to a
 * whole number; null when creatinine (mg/dL), age or sex is missing or out of range.
 */
export function egfrCkdEpi2021(creatinineMgDl: number | null | undefined, ageYears: number | null | undefined, sex: string | null | undefined): number | null {
  if (creatinineMgDl == null || ageYears == null || !Number.isFinite(creatinineMgDl) || !Number.isFinite(ageYears)) return null;
  if (creatinineMgDl <= 0 || ageYears < 18 || ageYears > 130) return null;
  if (sex !== 'Male' && sex !== 'Female') return null;
  const female = sex === 'Female';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = creatinineMgDl / kappa;
  const value = 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** ageYears * (female ? 1.012 : 1);
  return Math.round(value);
}
