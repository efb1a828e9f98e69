import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { showErrorAlert } from '@/components/error-alert/error-alert-store';
import { useSavePatient } from '../api/save-patient';
import { savePatientImage } from '../api/save-patient-image';
import { toSavePayload, validatePatientForm, type PatientFormValues } from '../lib/patient-form-model';
import type { FieldErrors } from './use-patient-form';
import { showPatientNotice } from './use-patient-notice';

/** Spec §8 wording, typo included: the notice after a successful patient save. */

/** Field paths the form shows a server message under; anything else goes to the alert. */
const FIELDS_WITH_MESSAGES =
  /^(hn|nationalNumber|phoneNumber|birthDate|age|password|name(TH|EN)\.(first|middle|last|suffix)|(currentAddress|recordAddress|emergencyContact\.address|workPlace\.workAddress)\.postCode|workPlace\.workPlaceTaxId)$/;

/**
 * Saving the patient form (spec §4, §5): the form's checks, the save, a photo taken before the patient existed, then
 * the notice and the next page; the server's field messages go under their fields, the rest to the error alert.
 */
export function usePatientSave({
  values,
  patientId,
  version,
  existing,
  pendingPhoto,
  setErrors,
  showErrors,
}: {
  values: PatientFormValues;
  patientId: string;
  /** The saved patient's row version; undefined for a new patient. */
  version: number | undefined;
  existing: boolean;
  pendingPhoto: string | null;
  setErrors: (errors: FieldErrors) => void;
  /** Shows field messages and takes the user to the first. */
  showErrors: (errors: FieldErrors) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const save = useSavePatient();
  // Registered from the request form's patient picker (/patient/new?next=request): the request form opens next.
  const [params] = useSearchParams();
  const nextRequest = !existing && params.get('next') === 'request';

  const submit = async (options: { photo?: string | null; stay?: boolean } = {}) => {
    const problems = validatePatientForm(values, { editing: existing });
    const keys = Object.keys(problems);
    if (keys.length) {
      showErrors(Object.fromEntries(keys.map((k) => [k, t(`patient.validation.${problems[k]!}`)])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { patientId: savedId } = await save.mutateAsync(toSavePayload(values, patientId, version));
      const photo = options.photo ?? pendingPhoto;
      if (photo) {
        try {
          await savePatientImage({ patientId: savedId, base64Image: photo });
        } catch (cause) {
          // The patient is saved; only the photo failed. Say so and open the saved patient to try again.
          showErrorAlert(cause instanceof ApiError ? cause.message : undefined);
          void navigate(`/patient/${encodeURIComponent(savedId)}`, { replace: true });
          return;
        }
      }
      if (options.stay) {
        showPatientNotice(t('app.saved'));
        void navigate(`/patient/${encodeURIComponent(savedId)}`, { replace: true });
      } else if (nextRequest) {
        showPatientNotice(t('app.saved'));
        void navigate(`/request/new/${encodeURIComponent(savedId)}`, { replace: true });
      } else {
        showPatientNotice(t('app.saved'));
        void navigate('/patient');
      }
    } catch (cause) {
      if (!(cause instanceof ApiError)) {
        showErrorAlert(undefined);
        return;
      }
      const shown = cause.fieldErrors.filter((e) => FIELDS_WITH_MESSAGES.test(e.field));
      if (shown.length) showErrors(Object.fromEntries(shown.map((e) => [e.field, e.message])));
      if (shown.length < cause.fieldErrors.length || cause.fieldErrors.length === 0) showErrorAlert(cause.message);
    } finally {
      setSaving(false);
    }
  };

  return { submit, saving };
}
