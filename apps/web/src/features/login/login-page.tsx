import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RangsiMark } from '@/components/brand/rangsi-mark';
import { LanguageSwitch } from '@/components/language-switch';
import { LoginForm } from './components/login-form';
import { LoginHero } from './components/login-hero';

/** /Member/LogOn: the only screen outside the shell. */
export function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // The legacy links spell it ReturnUrl; accept the lower-case form some clients send.
  const returnUrl = searchParams.get('ReturnUrl') ?? searchParams.get('returnUrl') ?? undefined;

  useEffect(() => {
    document.title = `${t('login.pageTitle')} · Rangsi`;
  }, [t]);

  return (
    <Box
      data-testid="login-page"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.15fr) minmax(440px, 1fr)' },
        bgcolor: 'background.paper',
      }}
    >
      <LoginHero />

      <Box component="main" sx={{ display: 'flex', flexDirection: 'column', px: { xs: 3, sm: 6 }, py: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          {/* The hero carries the brand on wide screens; narrow ones need it here. */}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', visibility: { xs: 'visible', md: 'hidden' } }}>
            <RangsiMark size={32} />
            <Typography sx={{ fontWeight: 600, fontSize: '1.125rem' }}>{t('app.productName')}</Typography>
          </Stack>
          <LanguageSwitch />
        </Stack>

        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 4 }}>
          <LoginForm returnUrl={returnUrl} />
        </Box>

        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('login.footer')}
        </Typography>
      </Box>
    </Box>
  );
}
