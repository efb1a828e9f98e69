import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/me';
import { useVisibleMenu } from '@/api/menu';
import { formatDate } from '@/lib/format-date';
import { HomeCard } from './components/home-card';
import { HomeCardSkeleton } from './components/home-card-skeleton';

const gridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
  gap: 2,
} as const;

/** Spec §2: home shows one card per menu item the user may see. */
export function HomePage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const menu = useVisibleMenu();

  return (
    <Box sx={{ px: 3, py: 2.5, maxWidth: 1360 }} data-testid="home-page">
      <Box component="header" sx={{ mb: 2.5 }}>
        <Typography variant="h5" component="h1" data-testid="home-greeting">
          {t('home.greeting', { name: me.displayName })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('home.subtitle')} · {t('home.today', { date: formatDate(Date.now()) })}
        </Typography>
      </Box>

      {menu.isPending ? (
        <Box sx={gridSx}>
          {[0, 1, 2, 3].map((i) => (
            <HomeCardSkeleton key={i} />
          ))}
        </Box>
      ) : null}

      {menu.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void menu.refetch()}>
              {t('error.retry')}
            </Button>
          }
        >
          {t('shell.menuLoadFailed')}
        </Alert>
      ) : null}

      {menu.isSuccess && menu.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="home-empty">
          <Typography variant="subtitle1">{t('home.empty')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('home.emptyHint')}
          </Typography>
        </Paper>
      ) : null}

      {menu.isSuccess && menu.data.length > 0 ? (
        <Box sx={gridSx} data-testid="home-cards">
          {menu.data.map((item) => (
            <HomeCard key={item.id} item={item} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
