import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import type { ApiCredential, CreatedApiCredential } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useApiCredentials } from './api/list-api-credentials';
import { useRevokeApiCredential } from './api/revoke-api-credential';
import { CreateCredentialDialog } from './components/create-credential-dialog';
import { CredentialSecretDialog } from './components/credential-secret-dialog';
import { CredentialsTable } from './components/credentials-table';

/** /admin/api-credentials: the credentials outside systems call with; create one (its secret shown once), revoke one. */
export function ApiCredentialsPage() {
  const { t } = useTranslation();
  const list = useApiCredentials();
  const revoke = useRevokeApiCredential();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiCredential | null>(null);
  const [revoking, setRevoking] = useState<ApiCredential | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = list.data;

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: (c) => {
        setRevoking(null);
        setNotice(t('apiCredentials.revoked', { name: c.name }));
      },
    });
  };

  return (
    <Box
      sx={{ px: 1.5, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="api-credentials-page"
    >
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="h6" component="h1">
          {t('apiCredentials.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, lineHeight: 1.6 }}>
          {t('apiCredentials.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => setCreating(true)}
          data-testid="credential-new"
        >
          {t('apiCredentials.newButton')}
        </Button>
      </Paper>

      <Paper variant="outlined" component="section" aria-busy={list.isFetching}>
        {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {list.error ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {list.error instanceof ApiError && list.error.serverMessage
              ? list.error.serverMessage
              : t('apiCredentials.loadFailed')}
          </Alert>
        ) : null}
        {data && data.credentials.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary" data-testid="credentials-empty">
            {t('apiCredentials.empty')}
          </Typography>
        ) : null}
        {data && data.credentials.length > 0 ? (
          <CredentialsTable credentials={data.credentials} onRevoke={setRevoking} />
        ) : null}
      </Paper>

      {creating && data ? (
        <CreateCredentialDialog
          options={data}
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      ) : null}
      {created ? <CredentialSecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title={t('apiCredentials.revokeTitle', { name: revoking.name })}
          text={t('apiCredentials.revokeText')}
          extra={
            revoke.error ? (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {revoke.error instanceof ApiError && revoke.error.serverMessage
                  ? revoke.error.serverMessage
                  : t('apiCredentials.revokeFailed')}
              </Alert>
            ) : null
          }
          confirmLabel={t('apiCredentials.revokeConfirm')}
          cancelLabel={t('apiCredentials.cancel')}
          pending={revoke.isPending}
          danger
          onConfirm={confirmRevoke}
          onCancel={() => {
            revoke.reset();
            setRevoking(null);
          }}
          testId="revoke-credential"
        />
      ) : null}
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)}>
        {notice ? (
          <Alert severity="success" variant="filled" data-testid="credential-notice">
            {notice}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
