import FactCheckRounded from '@mui/icons-material/FactCheckRounded';
import ImageSearchRounded from '@mui/icons-material/ImageSearchRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { RangsiMark } from '@/components/brand/rangsi-mark';
import { LoginHeroArt } from './login-hero-art';

export function LoginHero() {
  const { t } = useTranslation();
  const points = [
    { icon: <FactCheckRounded />, text: t('login.heroWorklist') },
    { icon: <ImageSearchRounded />, text: t('login.heroImages') },
    { icon: <ReceiptLongRounded />, text: t('login.heroBilling') },
  ];

  return (
    <Box
      component="aside"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        px: 7,
        py: 6,
        color: theme.palette.common.white,
        background: `linear-gradient(150deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 62%, ${theme.palette.secondary.dark} 130%)`,
      })}
    >
      <LoginHeroArt />

      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', position: 'relative' }}>
        <RangsiMark size={44} tone="onDark" />
        <Box>
          <Typography sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.2 }}>{t('app.productName')}</Typography>
          <Typography sx={{ opacity: 0.8, lineHeight: 1.4 }}>
            {t('app.productNameTh')} · {t('app.tagline')}
          </Typography>
        </Box>
      </Stack>

      <Box sx={{ position: 'relative', maxWidth: 440 }}>
        <Typography component="h2" sx={{ fontSize: '2rem', fontWeight: 600, lineHeight: 1.4 }}>
          {t('login.heroTitle')}
        </Typography>
        <Typography sx={{ mt: 1.5, opacity: 0.85, fontSize: '1.05rem', lineHeight: 1.7 }}>
          {t('login.heroText')}
        </Typography>
        <Stack spacing={1.5} sx={{ mt: 4 }}>
          {points.map((point) => (
            <Stack key={point.text} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Box
                sx={(theme) => ({
                  width: 36,
                  height: 36,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: alpha(theme.palette.common.white, 0.14),
                  '& svg': { fontSize: 20 },
                })}
              >
                {point.icon}
              </Box>
              <Typography sx={{ fontWeight: 500 }}>{point.text}</Typography>
            </Stack>
          ))}
        </Stack>
      </Box>

      <Typography variant="caption" sx={{ position: 'relative', opacity: 0.65 }}>
        © {new Date().getFullYear()} Rangsi
      </Typography>
    </Box>
  );
}
