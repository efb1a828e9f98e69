import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { lookUpGatewayPatient } from '../api/gateway-patient';
import { HelperError } from '../api/helper-fetch';
import { searchPatients } from '@/api/patient-search';
import { FormText } from './form-text';

interface HnImportDialogProps {
  gatewayUrl: string;
  onClose: () => void;
  onImported: (data: Record<string, unknown>, hn: string) => void;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'not-found'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'exists'; patientId: string; name: string };

/**
 * Spec §2/§7: imports a patient from the hospital's HIS by HN through the gateway, called from the browser.
 * Not found: the gateway's message or ไม่พบข้อมูล (spec §8); slow or down: a time-out or connection message.
 * An HN already registered here is pointed at instead of imported twice.
 */
export function HnImportDialog({ gatewayUrl, onClose, onImported }: HnImportDialogProps) {
  const { t } = useTranslation();
  const [hn, setHn] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const submit = async () => {
    const wanted = hn.trim();
    if (!wanted) {
      setError(t('patient.validation.required'));
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setOutcome({ kind: 'loading' });
    try {
      const found = await lookUpGatewayPatient(gatewayUrl, wanted, current.signal);
      if (current.signal.aborted) return;
      if (found.kind === 'not-found') {
        setOutcome({ kind: 'not-found', message: found.message ?? t('patient.import.notFound') });
        return;
      }
      const hnOfRecord = typeof found.data.hn === 'string' && found.data.hn.trim() ? found.data.hn.trim() : wanted;
      const existing = await searchPatients({ hn: hnOfRecord }, current.signal).catch(() => []);
      if (current.signal.aborted) return;
      const first = existing[0];
      if (first) {
        setOutcome({ kind: 'exists', patientId: first.patientId, name: first.name });
        return;
      }
      onImported(found.data, hnOfRecord);
    } catch (cause) {
      if (current.signal.aborted) return;
      const kind = cause instanceof HelperError ? cause.kind : 'unreachable';
      setOutcome({
        kind: 'failed',
        message:
          kind === 'timeout'
            ? t('patient.import.timeout')
            : kind === 'unreachable'
              ? t('patient.import.unreachable')
              : t('patient.import.failed'),
      });
    }
  };

  const loading = outcome.kind === 'loading';
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="hn-import-title"
      data-testid="hn-import-dialog"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="hn-import-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CloudDownloadRounded color="primary" />
          {t('patient.import.title')}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <FormText
            id="hn-import-hn"
            label={t('patient.import.hn')}
            value={hn}
            onChange={(text) => {
              setHn(text);
              setError(undefined);
            }}
            error={error}
            required
            maxLength={30}
            helperText={t('patient.import.hint')}
          />
          {outcome.kind === 'not-found' ? (
            <Alert severity="info" data-testid="hn-import-message">
              {outcome.message}
            </Alert>
          ) : null}
          {outcome.kind === 'failed' ? (
            <Alert severity="warning" data-testid="hn-import-message">
              {outcome.message}
            </Alert>
          ) : null}
          {outcome.kind === 'exists' ? (
            <Alert
              severity="info"
              data-testid="hn-import-message"
              action={
                <Button
                  component={RouterLink}
                  to={`/patient/${encodeURIComponent(outcome.patientId)}`}
                  onClick={onClose}
                  size="small"
                >
                  {t('patient.import.openExisting')}
                </Button>
              }
            >
              {t('patient.import.exists', { name: outcome.name })}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('patient.import.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={loading}
            startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="hn-import-submit"
          >
            {t('patient.import.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
