import CreditCardOffRounded from '@mui/icons-material/CreditCardOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CardReader } from '../hooks/use-card-reader';

/**
 * The ID-card reader's prompts (spec §4/§8): install the helper (while a check runs every second), and the
 * mismatch / cannot-read messages.
 */
export function CardReaderDialogs({ reader }: { reader: CardReader }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog
        open={reader.phase === 'install'}
        onClose={reader.cancelInstall}
        maxWidth="xs"
        fullWidth
        aria-labelledby="card-install-title"
        data-testid="card-install-dialog"
      >
        <DialogTitle id="card-install-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CreditCardOffRounded color="warning" />
          {t('patient.card.installTitle')}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('patient.card.installText')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }} role="status">
            <CircularProgress size={14} />
            <Typography variant="body2">{t('patient.card.installWaiting')}</Typography>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={reader.cancelInstall}>{t('patient.card.cancel')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={reader.error !== null}
        onClose={reader.clearError}
        maxWidth="xs"
        fullWidth
        aria-labelledby="card-error-title"
        data-testid="card-error-dialog"
      >
        <DialogTitle id="card-error-title">{t('patient.card.errorTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" data-testid="card-error-message">
            {reader.error}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={reader.clearError} variant="contained" autoFocus>
            {t('patient.card.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
