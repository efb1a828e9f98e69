import SaveRounded from '@mui/icons-material/SaveRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PatientFormApi } from '../hooks/use-patient-form';
import { inputIdOf } from '../lib/patient-form-model';
import { FormText } from './form-text';

/**
 * The patient form's sticky footer: the password a saved patient's change needs (spec §5), Cancel and Save, and why
 * Save is off for a user who may not edit.
 */
export function PatientFormFooter({
  form,
  existing,
  canEdit,
  saving,
  busy,
  onCancel,
  onSave,
}: {
  form: PatientFormApi;
  existing: boolean;
  canEdit: boolean;
  /** The patient is being saved (the Save button's spinner). */
  saving: boolean;
  /** Anything is being saved, the photo included. */
  busy: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
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
            value={form.values.password}
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
        <Button onClick={onCancel} disabled={busy} data-testid="patient-cancel">
          {t('patient.form.cancel')}
        </Button>
        <Button
          variant="contained"
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveRounded />}
          onClick={onSave}
          disabled={busy || !canEdit}
          data-testid="patient-save"
        >
          {t('patient.form.save')}
        </Button>
      </Box>
    </Paper>
  );
}
