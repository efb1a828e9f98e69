import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { RequestSaved } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { linkedText, type LinkedStudy } from '../lib/linked-study';

/** Spec §4: the saved request's accession numbers for 10 s; a warning when it is held or its images stayed unlinked. */
export function RequestSavedSnackbar({
  saved,
  linked,
  onClose,
}: {
  saved: RequestSaved | null;
  linked: LinkedStudy | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={saved !== null}
      autoHideDuration={10_000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {saved ? (
        <Alert
          severity={saved.status === 'Hold' || linked?.ok === false ? 'warning' : 'success'}
          variant="filled"
          data-testid="request-saved"
        >
          {t('request.form.saved')} ·{' '}
          {t('request.form.savedAccessions', { list: saved.exams.map((e) => e.accessionNumber).join(', ') })}
          {saved.status === 'Hold' ? ` · ${t('request.form.held')}` : ''}
          {linked ? ` · ${linkedText(linked, t)}` : ''}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
