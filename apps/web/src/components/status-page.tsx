import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface StatusPageProps {
  kind: 'not-found' | 'forbidden';
  /** The page's name in the user's language, when it is known (a menu section the user may not open). */
  pageName?: string;
}

/**
 * What a wrong address (404) or a page the user may not open (403) shows, with the way back home; never a
 * "coming soon" placeholder (issue 26 item 6).
 */
export function StatusPage({ kind, pageName }: StatusPageProps) {
  const { t } = useTranslation();
  const notFound = kind === 'not-found';
  return (
    <Box sx={{ p: 3 }}>
      <Paper
        variant="outlined"
        role="alert"
        data-testid={notFound ? 'page-not-found' : 'page-forbidden'}
        data-status={notFound ? 404 : 403}
        sx={{ maxWidth: 640, mx: 'auto', mt: 6, px: 4, py: 5, textAlign: 'center' }}
      >
        <Box
          sx={(theme) => ({
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: theme.palette.illustration.tint,
            color: notFound ? 'primary.main' : 'error.main',
          })}
        >
          {notFound ? <SearchOffRounded sx={{ fontSize: 36 }} /> : <BlockRounded sx={{ fontSize: 36 }} />}
        </Box>
        <Typography variant="h5" component="h1">
          {t(notFound ? 'statusPage.notFoundTitle' : 'statusPage.forbiddenTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, lineHeight: 1.7 }}>
          {notFound
            ? t('statusPage.notFoundText')
            : pageName
              ? t('statusPage.forbiddenText', { page: pageName })
              : t('statusPage.forbiddenTextPlain')}
        </Typography>
        <Button component={Link} to="/" startIcon={<ArrowBackRounded />} sx={{ mt: 3 }}>
          {t('statusPage.back')}
        </Button>
      </Paper>
    </Box>
  );
}
