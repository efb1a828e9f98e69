import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Patient, PatientFormData } from '@rangsi/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { usePatientExams } from '../api/get-patient-exams';
import { useGatewayHnImport } from '../api/gateway-features';
import type { PatientUiConfig } from '../api/get-patient-ui-config';
import { useSavePatientImage } from '../api/save-patient-image';
import { useCardFill } from '../hooks/use-card-fill';
import { useCardReader } from '../hooks/use-card-reader';
import { usePatientForm, type FieldErrors } from '../hooks/use-patient-form';
import { showPatientNotice } from '../hooks/use-patient-notice';
import { usePatientSave } from '../hooks/use-patient-save';
import { useRomanization, type RomanizedPart } from '../hooks/use-romanization';
import { historyCapabilities } from '../lib/exam-history-links';
import { applyGatewayPatient } from '../lib/gateway-patient';
import { emptyForm, fromPatient, inputIdOf, tabOfField } from '../lib/patient-form-model';
import { CardReaderDialogs } from './card-reader-dialogs';
import { HnImportDialog } from './hn-import-dialog';
import { PatientFormFooter } from './patient-form-footer';
import { PatientFormTabs } from './patient-form-tabs';
import { PatientSnackbar } from './patient-snackbar';
import { PatientSourceButtons } from './patient-source-buttons';
import { PatientSummary } from './patient-summary';
import { PhotoPanel } from './photo-panel';

interface PatientFormProps {
  patientId: string;
  patient: Patient | null;
  formData: PatientFormData;
  ui: PatientUiConfig;
}

/** The patient form of spec §2 for a new patient (`patient` null) or a saved one, with the rules of §4 and §5. */
export function PatientForm({ patientId, patient, formData, ui }: PatientFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const existing = patient !== null;
  const canEdit = me.permissions.includes('PATIENT_EDIT');
  const can = useMemo(() => historyCapabilities(me.permissions, me.roleName), [me.permissions, me.roleName]);
  const form = usePatientForm(() => (patient ? fromPatient(patient) : emptyForm()));
  const { values, update, setErrors } = form;
  const [tab, setTab] = useState(0);
  const [focusField, setFocusField] = useState<string | null>(null);
  const reader = useCardReader(ui.idCardReaderUrl);
  const hnImport = useGatewayHnImport(ui.gatewayUrl);
  const [importOpen, setImportOpen] = useState(patientId === 'import' && ui.gatewayUrl !== null);
  const [pendingPhoto, setPendingPhoto] = useState<string | null>(null);
  const [cardPhoto, setCardPhoto] = useState<string | null>(null);
  const [confirmCardPhoto, setConfirmCardPhoto] = useState(false);
  const [hasImage, setHasImage] = useState(patient?.hasImage ?? false);
  const [imageVersion, setImageVersion] = useState(1);

  const showErrors = (errors: FieldErrors) => {
    setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      setTab(tabOfField(first));
      setFocusField(first);
    }
  };
  const { submit, saving } = usePatientSave({
    values,
    patientId,
    version: patient?.version,
    existing,
    pendingPhoto,
    setErrors,
    showErrors,
  });
  const saveImage = useSavePatientImage();

  // Spec §5: the English name follows the Thai one while it is empty or still ours.
  const autoEnglish = useRef<Record<RomanizedPart, boolean>>({ first: false, last: false });
  const requestRomanization = useRomanization((part, english) => {
    update((v) => {
      if (v.nameEN[part].trim() && !autoEnglish.current[part]) return v;
      autoEnglish.current[part] = true;
      return { ...v, nameEN: { ...v.nameEN, [part]: english } };
    });
  });

  useEffect(() => {
    if (!focusField) return;
    const element = document.getElementById(inputIdOf(focusField));
    element?.focus();
    element?.scrollIntoView({ block: 'center' });
    setFocusField(null);
  }, [focusField, tab]);

  const { readCard } = useCardFill({ patientId, patient, reader, form, onCardPhoto: setCardPhoto });

  const applyPhoto = (dataUrl: string) => {
    if (!existing) {
      setPendingPhoto(dataUrl);
      return;
    }
    saveImage.mutate(
      { patientId, base64Image: dataUrl },
      {
        onSuccess: () => {
          setHasImage(true);
          setImageVersion((v) => v + 1);
          showPatientNotice(t('patient.photo.saved'));
        },
      },
    );
  };

  const cancel = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/patient');
  };

  // The label counts the exams the history lists (the tab shares this query); until it answers, the patient's count.
  const history = usePatientExams(patientId, existing);
  const examCount = history.data ? history.data.reduce((n, r) => n + r.exams.length, 0) : (patient?.examCount ?? 0);
  const busy = saving || saveImage.isPending;

  return (
    <Box
      sx={{ px: 2, pt: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: '100%' }}
      data-testid="patient-form-page"
    >
      <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <PhotoPanel
          patientId={existing ? patientId : null}
          hasImage={hasImage}
          imageVersion={imageVersion}
          pendingPhoto={pendingPhoto}
          cardPhoto={cardPhoto}
          saving={saveImage.isPending}
          readOnly={!canEdit}
          onPhoto={applyPhoto}
          onUseCardPhoto={() => setConfirmCardPhoto(true)}
        />
        <PatientSummary values={values} hn={existing ? patient.hn : null} />
        <PatientSourceButtons
          onImport={hnImport && !existing ? () => setImportOpen(true) : null}
          reader={reader}
          onReadCard={() => void readCard()}
        />
      </Paper>

      <PatientFormTabs
        tab={tab}
        onTab={setTab}
        form={form}
        formData={formData}
        patientId={patientId}
        existing={existing}
        examCount={examCount}
        can={can}
        onThaiNameTyped={requestRomanization}
        onEnglishNameTyped={(part) => {
          autoEnglish.current[part] = false;
        }}
      />

      <PatientFormFooter
        form={form}
        existing={existing}
        canEdit={canEdit}
        saving={saving}
        busy={busy}
        onCancel={cancel}
        onSave={() => void submit()}
      />

      {importOpen && ui.gatewayUrl ? (
        <HnImportDialog
          gatewayUrl={ui.gatewayUrl}
          onClose={() => setImportOpen(false)}
          onImported={(data, hn) => {
            update((v) => applyGatewayPatient(v, data));
            setImportOpen(false);
            showPatientNotice(t('patient.import.done', { hn }), 'info');
          }}
        />
      ) : null}
      <CardReaderDialogs reader={reader} />
      <ConfirmDialog
        open={confirmCardPhoto}
        title={t('patient.photo.useCardTitle')}
        text={existing ? t('patient.photo.useCardText') : t('patient.photo.useCardTextNew')}
        onConfirm={() => {
          setConfirmCardPhoto(false);
          if (!cardPhoto) return;
          if (existing) applyPhoto(cardPhoto);
          else void submit({ photo: cardPhoto, stay: true });
        }}
        onCancel={() => setConfirmCardPhoto(false)}
        confirmLabel={t('patient.confirm.yes')}
        cancelLabel={t('patient.confirm.no')}
        testId="card-photo-confirm"
      />
      <PatientSnackbar />
    </Box>
  );
}
