import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CreatedApiCredential } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { SecretField } from './secret-field';

/** The new credential's secret, this once: the Bearer token, and the Basic username and password for a PACS. */
export function CredentialSecretDialog({ created, onClose }: { created: CreatedApiCredential; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open maxWidth="sm" fullWidth data-testid="credential-secret" aria-labelledby="credential-secret-title">
      <DialogTitle id="credential-secret-title">
        {t('apiCredentials.secret.title', { name: created.credential.name })}
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('apiCredentials.secret.once')}
        </Alert>
        <SecretField label={t('apiCredentials.secret.token')} value={created.token} testId="secret-token" />
        <Typography variant="body2" sx={{ mt: 2, mb: 1 }}>
          {t('apiCredentials.secret.basic')}
        </Typography>
        <SecretField label={t('apiCredentials.secret.username')} value={created.username} testId="secret-username" />
        <SecretField label={t('apiCredentials.secret.password')} value={created.password} testId="secret-password" />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="secret-done">
          {t('apiCredentials.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
