import { estimateEgfr } from '@rangsi/domain';
import type { TFunction } from 'i18next';

/**
 * The eGFR the form fills in when none is typed (the field's placeholder, and what is saved), and the helper under the
 * field: which equation gave it, or what the user can fill for one (a child's height).
 */
export function egfrHint(
  additional: Record<string, string>,
  patient: { ageYears: number | null; sex: string },
  t: TFunction,
): { estimate: number | null; help: string | undefined } {
  const numberOf = (key: string) => (additional[key] ? Number(additional[key]) : null);
  const egfr = estimateEgfr({
    creatinineMgDl: numberOf('creatinine'),
    ageYears: patient.ageYears,
    sex: patient.sex,
    heightCm: numberOf('height'),
  });
  const help =
    additional.egfr || !additional.creatinine
      ? undefined
      : egfr.value !== null
        ? `${t(`request.form.egfrMethod.${egfr.method}`)}: ${egfr.value}`
        : t(`request.form.egfrGap.${egfr.gap}`);
  return { estimate: egfr.value, help };
}
