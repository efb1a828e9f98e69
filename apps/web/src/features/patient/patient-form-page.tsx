import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { usePatient } from './api/get-patient';
import { usePatientFormData } from './api/get-patient-form-data';
import { usePatientUiConfig } from './api/get-patient-ui-config';
import { PatientForm } from './components/patient-form';
import { isExistingPatientId } from './lib/patient-form-model';

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
