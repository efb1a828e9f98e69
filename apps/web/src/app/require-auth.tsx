import CloudOffRounded from '@mui/icons-material/CloudOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnauthorizedError } from '@/api/api-error';
import { meQueryOptions } from '@/api/me';
import { PageSpinner } from '@/components/page-spinner';

/**
 * Renders its children only for a signed-in user. Without a session the API client has already sent the
 * browser to /Member/LogOn?ReturnUrl=… (spec §1), so this only has to wait.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useQuery(meQueryOptions);

  if (me.isSuccess) return children;
  if (me.isPending || isUnauthorizedError(me.error)) return <PageSpinner fullScreen label={t('app.loading')} />;

  return (
    <Box
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        p: 3,
        textAlign: 'center',
      }}
    >
      <CloudOffRounded sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h6">{t('error.connection')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {me.error.message || t('error.connectionHint')}
      </Typography>
      <Button variant="contained" onClick={() => void me.refetch()} disabled={me.isFetching} sx={{ mt: 1 }}>
        {t('error.retry')}
      </Button>
    </Box>
  );
}
