import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { dismissSuccess, useSuccessMessage } from '../hooks/use-success-snackbar';

/** Short confirmation after an action; errors never come here (they go to the global alert, spec §8). */
export function SuccessSnackbar() {
  const message = useSuccessMessage();
  return (
    <Snackbar
      key={message?.id}
      open={message !== null}
      autoHideDuration={3000}
      onClose={(_, reason) => {
        if (reason !== 'clickaway' && message) dismissSuccess(message.id);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <SnackbarContent
        data-testid="worklist-snackbar"
        role="status"
        sx={{ bgcolor: 'success.main', color: 'common.white', fontWeight: 500, minWidth: 0 }}
        message={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <CheckCircleRounded fontSize="small" />
            {message?.text}
          </span>
        }
      />
    </Snackbar>
  );
}
