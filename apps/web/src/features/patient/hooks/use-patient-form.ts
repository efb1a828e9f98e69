import { useCallback, useMemo, useState } from 'react';
import type { PatientFormValues } from '../lib/patient-form-model';

export type FieldErrors = Partial<Record<string, string>>;

/** The form's values and field errors, and the few ways the tabs change them. */
export interface PatientFormApi {
  values: PatientFormValues;
  errors: FieldErrors;
  update: (change: (values: PatientFormValues) => PatientFormValues, clears?: string[]) => void;
  set: <K extends keyof PatientFormValues>(key: K, value: PatientFormValues[K]) => void;
  setErrors: (errors: FieldErrors) => void;
}

export function usePatientForm(initial: () => PatientFormValues): PatientFormApi {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const update = useCallback((change: (values: PatientFormValues) => PatientFormValues, clears: string[] = []) => {
    setValues(change);
    // Typing into a field takes its message away; the next Save checks again.
    if (clears.length) {
      setErrors((previous) => {
        if (!clears.some((c) => previous[c])) return previous;
        const next = { ...previous };
        for (const c of clears) delete next[c];
        return next;
      });
    }
  }, []);

  const set = useCallback(
    <K extends keyof PatientFormValues>(key: K, value: PatientFormValues[K]) => {
      update((v) => ({ ...v, [key]: value }), [key]);
    },
    [update],
  );

  return useMemo(() => ({ values, errors, update, set, setErrors }), [values, errors, update, set]);
}
