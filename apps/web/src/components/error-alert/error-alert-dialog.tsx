import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { dismissErrorAlert, useCurrentErrorAlert } from './error-alert-store';

/** Spec §8: a failed call shows the server's message, or "Something went wrong!" when there is none. */
export function ErrorAlertDialog() {
  const { t } = useTranslation();
  const message = useCurrentErrorAlert();

  return (
    <Dialog
      open={message !== null}
      onClose={dismissErrorAlert}
      maxWidth="xs"
      fullWidth
      // An error needs acknowledging; assistive technology announces an alertdialog at once.
      slotProps={{ paper: { role: 'alertdialog' } }}
      aria-labelledby="error-alert-title"
      aria-describedby="error-alert-message"
      data-testid="error-alert"
    >
      <DialogTitle id="error-alert-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorOutlineRounded color="error" />
        {t('error.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="error-alert-message" sx={{ whiteSpace: 'pre-line', color: 'text.primary' }}>
          {message || t('error.generic')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={dismissErrorAlert} variant="contained" autoFocus>
          {t('error.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
