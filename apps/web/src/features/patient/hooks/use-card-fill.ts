import type { Patient } from '@rangsi/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyCardToForm } from '../lib/card-data';
import { takeCard } from '../lib/session-memory';
import type { CardReader } from './use-card-reader';
import type { PatientFormApi } from './use-patient-form';
import { showPatientNotice } from './use-patient-notice';

/**
 * The ID card on the patient form (spec §4, §5 Card reader): /patient/importbycard fills a new form from the card the
 * search read (or reads it now); the read-card button fills a new form, or checks the card against a saved patient.
 * `onCardPhoto` receives the card's photo, which the user may then take as the patient's.
 */
export function useCardFill({
  patientId,
  patient,
  reader,
  form,
  onCardPhoto,
}: {
  patientId: string;
  patient: Patient | null;
  reader: CardReader;
  form: Pick<PatientFormApi, 'values' | 'update'>;
  onCardPhoto: (photo: string | null) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { values, update } = form;

  // Spec §4 importbycard: the card read by the search (or read now) fills a new form, then the route is /patient/new.
  const cardImportStarted = useRef(false);
  useEffect(() => {
    if (patientId !== 'importbycard' || cardImportStarted.current) return;
    cardImportStarted.current = true;
    void (async () => {
      const cached = takeCard();
      const result = cached ? { ok: true as const, card: cached } : await reader.read();
      if (!result.ok) {
        if (result.message) showPatientNotice(result.message, 'warning');
        void navigate('/patient', { replace: true });
        return;
      }
      update((v) => applyCardToForm(v, result.card));
      onCardPhoto(result.card.photo);
      showPatientNotice(t('patient.card.filled'), 'info');
      void navigate('/patient/new', { replace: true });
    })();
  }, [patientId, reader, update, navigate, t, onCardPhoto]);

  const readCard = async () => {
    const result = await reader.read();
    if (!result.ok) return;
    const { card } = result;
    const known = (patient ? (patient.nationalNumber ?? '') : values.nationalNumber).trim();
    // Spec §5 Card reader: the card's ID must be the one in the system.
    if (known && card.pid !== known) {
      reader.showError(t('patient.card.mismatch', { card: card.pid, system: known }));
      return;
    }
    onCardPhoto(card.photo);
    if (patient) {
      if (!known) update((v) => ({ ...v, nationalNumber: card.pid }));
      showPatientNotice(t('patient.card.matched'), 'info');
    } else {
      update((v) => applyCardToForm(v, card));
      showPatientNotice(t('patient.card.filled'), 'info');
    }
  };

  return { readCard };
}
