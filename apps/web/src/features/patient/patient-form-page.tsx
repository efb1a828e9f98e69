import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BadgeRounded from '@mui/icons-material/BadgeRounded';
import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import SaveRounded from '@mui/icons-material/SaveRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Patient, PatientFormData } from '@rangsi/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useCurrentUser } from '@/api/me';
import { showErrorAlert } from '@/components/error-alert/error-alert-store';
import { usePatient } from './api/get-patient';
import { usePatientExams } from './api/get-patient-exams';
import { usePatientFormData } from './api/get-patient-form-data';
import { usePatientUiConfig, type PatientUiConfig } from './api/get-patient-ui-config';
import { useSavePatient } from './api/save-patient';
import { savePatientImage, useSavePatientImage } from './api/save-patient-image';
import { AllergyTab } from './components/allergy-tab';
import { CardReaderDialogs } from './components/card-reader-dialogs';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmergencyTab } from './components/emergency-tab';
import { ExamHistoryTab } from './components/exam-history-tab';
import { FamilyTab } from './components/family-tab';
import { FormText } from './components/form-text';
import { HnImportDialog } from './components/hn-import-dialog';
import { PatientSnackbar } from './components/patient-snackbar';
import { PersonalTab } from './components/personal-tab';
import { PhotoPanel } from './components/photo-panel';
import { WorkplaceTab } from './components/workplace-tab';
import { useCardReader } from './hooks/use-card-reader';
import { usePatientForm, type FieldErrors } from './hooks/use-patient-form';
import { showPatientNotice } from './hooks/use-patient-notice';
import { useRomanization, type RomanizedPart } from './hooks/use-romanization';
import { applyCardToForm } from './lib/card-data';
import { ageFromDisplay } from './lib/day';
import { historyCapabilities } from './lib/exam-history-links';
import { applyGatewayPatient } from './lib/gateway-patient';
import {
  emptyForm,
  fromPatient,
  inputIdOf,
  isExistingPatientId,
  tabOfField,
  toSavePayload,
  validatePatientForm,
} from './lib/patient-form-model';
import { takeCard } from './lib/session-memory';

/** Spec §8 wording, typo included: the notice after a successful patient save. */
const SAVED_NOTICE = 'Sucess';

/** Field paths the form shows a server message under; anything else goes to the alert. */
const FIELDS_WITH_MESSAGES =
  /^(hn|nationalNumber|phoneNumber|birthDate|age|password|name(TH|EN)\.(first|middle|last|suffix)|(currentAddress|recordAddress|emergencyContact\.address|workPlace\.workAddress)\.postCode|workPlace\.workPlaceTaxId)$/;

/** /patient/{patientId}: patientId is new, import, importbycard or a saved patient's id (spec §2). */
export function PatientFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { patientId = 'new' } = useParams();
  const existing = isExistingPatientId(patientId);
  const formData = usePatientFormData();
  const ui = usePatientUiConfig();
  const patient = usePatient(existing ? patientId : null);

  if (formData.isError || ui.isError || patient.isError) {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }} data-testid="patient-form-failed">
        <Typography variant="h6" gutterBottom>
          {patient.error instanceof ApiError && patient.error.status === 404
            ? t('patient.form.notFound')
            : t('patient.form.loadFailed')}
        </Typography>
        <Button startIcon={<ArrowBackRounded />} onClick={() => void navigate('/patient')}>
          {t('patient.form.backToSearch')}
        </Button>
      </Box>
    );
  }
  if (!formData.isSuccess || !ui.isSuccess || (existing && !patient.isSuccess)) {
    return (
      <Box sx={{ px: 2, py: 1.5 }} aria-busy data-testid="patient-form-loading">
        <Skeleton variant="rounded" height={150} sx={{ mb: 1.5 }} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }
  // new → importbycard → new keeps the same form (the card's data stays); a saved patient gets a fresh one.
  return (
    <PatientForm
      key={existing ? patientId : 'new'}
      patientId={patientId}
      patient={existing ? (patient.data ?? null) : null}
      formData={formData.data}
      ui={ui.data}
    />
  );
}

interface PatientFormProps {
  patientId: string;
  patient: Patient | null;
  formData: PatientFormData;
  ui: PatientUiConfig;
}

function PatientForm({ patientId, patient, formData, ui }: PatientFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const existing = patient !== null;
  const canEdit = me.permissions.includes('PATIENT_EDIT');
  const can = useMemo(() => historyCapabilities(me.permissions), [me.permissions]);
  const form = usePatientForm(() => (patient ? fromPatient(patient) : emptyForm()));
  const { values, update, setErrors } = form;
  const [tab, setTab] = useState(0);
  const [focusField, setFocusField] = useState<string | null>(null);
  const reader = useCardReader(ui.idCardReaderUrl);
  const [importOpen, setImportOpen] = useState(patientId === 'import' && ui.gatewayUrl !== null);
  const [pendingPhoto, setPendingPhoto] = useState<string | null>(null);
  const [cardPhoto, setCardPhoto] = useState<string | null>(null);
  const [confirmCardPhoto, setConfirmCardPhoto] = useState(false);
  const [hasImage, setHasImage] = useState(patient?.hasImage ?? false);
  const [imageVersion, setImageVersion] = useState(1);
  const [saving, setSaving] = useState(false);
  const save = useSavePatient();
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
      setCardPhoto(result.card.photo);
      showPatientNotice(t('patient.card.filled'), 'info');
      void navigate('/patient/new', { replace: true });
    })();
  }, [patientId, reader, update, navigate, t]);

  const showErrors = (errors: FieldErrors) => {
    setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      setTab(tabOfField(first));
      setFocusField(first);
    }
  };

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
      const { patientId: savedId } = await save.mutateAsync(toSavePayload(values, patientId, patient?.version));
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
        showPatientNotice(SAVED_NOTICE);
        void navigate(`/patient/${encodeURIComponent(savedId)}`, { replace: true });
      } else {
        showPatientNotice(SAVED_NOTICE);
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

  const readCard = async () => {
    const result = await reader.read();
    if (!result.ok) return;
    const { card } = result;
    const known = (existing ? (patient.nationalNumber ?? '') : values.nationalNumber).trim();
    // Spec §5 Card reader: the card's ID must be the one in the system.
    if (known && card.pid !== known) {
      reader.showError(t('patient.card.mismatch', { card: card.pid, system: known }));
      return;
    }
    setCardPhoto(card.photo);
    if (existing) {
      if (!known) update((v) => ({ ...v, nationalNumber: card.pid }));
      showPatientNotice(t('patient.card.matched'), 'info');
    } else {
      update((v) => applyCardToForm(v, card));
      showPatientNotice(t('patient.card.filled'), 'info');
    }
  };

  const cancel = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/patient');
  };

  const age = values.unknownBirthDate ? values.age : (ageFromDisplay(values.birthDate)?.toString() ?? '');
  const displayName = [values.nameTH.prefix + values.nameTH.first, values.nameTH.middle, values.nameTH.last]
    .filter((s) => s.trim())
    .join(' ');
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
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="overline" color="text.secondary">
            {existing ? t('patient.form.editTitle') : t('patient.form.newTitle')}
          </Typography>
          <Typography variant="h5" component="h1" data-testid="patient-form-title" sx={{ lineHeight: 1.4 }}>
            {displayName || t('patient.form.unnamed')}
          </Typography>
          {values.nameEN.first ? (
            <Typography variant="body2" color="text.secondary">
              {[values.nameEN.prefix, values.nameEN.first, values.nameEN.middle, values.nameEN.last]
                .filter((s) => s.trim())
                .join(' ')}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
            {existing ? <Chip size="small" label={`HN ${patient.hn}`} /> : null}
            {values.gender !== 'Unknown' ? (
              <Chip size="small" variant="outlined" label={t(`patient.gender.${values.gender}`)} />
            ) : null}
            {age ? <Chip size="small" variant="outlined" label={t('patient.form.ageYears', { age })} /> : null}
            {values.hasAllergy && values.allergy.length ? (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('patient.form.allergyChip', { list: values.allergy.join(', ') })}
              />
            ) : null}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'stretch' }}>
          {ui.gatewayUrl && !existing ? (
            <Button
              variant="outlined"
              startIcon={<CloudDownloadRounded />}
              onClick={() => setImportOpen(true)}
              data-testid="patient-import-hn"
            >
              {t('patient.import.open')}
            </Button>
          ) : null}
          {reader.configured ? (
            <Button
              variant="outlined"
              startIcon={reader.phase === 'reading' ? <CircularProgress size={16} /> : <BadgeRounded />}
              onClick={() => void readCard()}
              disabled={reader.phase !== 'idle'}
              data-testid="patient-read-card"
            >
              {t('patient.card.read')}
            </Button>
          ) : null}
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ flex: 1 }}>
        <Tabs
          value={tab}
          onChange={(_, next: number) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
          aria-label={t('patient.form.tabs')}
        >
          <Tab label={t('patient.tab.personal')} data-testid="patient-tab-0" />
          <Tab label={t('patient.tab.family')} data-testid="patient-tab-1" />
          <Tab label={t('patient.tab.emergency')} data-testid="patient-tab-2" />
          <Tab label={t('patient.tab.workplace')} data-testid="patient-tab-3" />
          <Tab label={t('patient.tab.allergy')} data-testid="patient-tab-4" />
          <Tab
            label={t('patient.tab.history', { count: examCount })}
            disabled={!existing}
            data-testid="patient-tab-5"
          />
        </Tabs>
        <Box sx={{ p: 2 }} role="tabpanel">
          {tab === 0 ? (
            <PersonalTab
              form={form}
              formData={formData}
              existing={existing}
              onThaiNameTyped={requestRomanization}
              onEnglishNameTyped={(part) => {
                autoEnglish.current[part] = false;
              }}
            />
          ) : null}
          {tab === 1 ? <FamilyTab form={form} formData={formData} /> : null}
          {tab === 2 ? <EmergencyTab form={form} /> : null}
          {tab === 3 ? <WorkplaceTab form={form} /> : null}
          {tab === 4 ? <AllergyTab form={form} formData={formData} /> : null}
          {tab === 5 && existing ? <ExamHistoryTab patientId={patientId} can={can} /> : null}
        </Box>
      </Paper>

      <Paper
        variant="outlined"
        component="footer"
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 3,
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.5,
          px: 2,
          py: 1,
          borderBottomLeftRadius: 0,
          borderBottomRightRadius: 0,
          boxShadow: '0 -2px 8px rgba(26,38,51,0.06)',
        }}
      >
        {existing ? (
          <Box sx={{ width: 300 }}>
            <FormText
              id={inputIdOf('password')}
              type="password"
              label={t('patient.form.password')}
              value={values.password}
              onChange={(text) => form.set('password', text)}
              error={form.errors.password}
              required
              maxLength={200}
              autoComplete="current-password"
            />
          </Box>
        ) : null}
        <Box sx={{ flex: 1, alignSelf: 'center' }}>
          {!canEdit ? (
            <Typography variant="body2" color="text.secondary">
              {t('patient.form.readOnly')}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, pt: existing ? 2.75 : 0 }}>
          <Button onClick={cancel} disabled={busy} data-testid="patient-cancel">
            {t('patient.form.cancel')}
          </Button>
          <Button
            variant="contained"
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveRounded />}
            onClick={() => void submit()}
            disabled={busy || !canEdit}
            data-testid="patient-save"
          >
            {t('patient.form.save')}
          </Button>
        </Box>
      </Paper>

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
