import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSection } from '../shell/use-section';

/** Stands in for sections that are not built yet, so every menu link and home card leads somewhere tidy. */
export function SectionPlaceholderPage() {
  const { t } = useTranslation();
  const section = useSection();

  return (
    <Box sx={{ p: 3 }}>
      <Paper
        variant="outlined"
        data-testid="section-placeholder"
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
            color: 'primary.main',
          })}
        >
          <ConstructionRounded sx={{ fontSize: 36 }} />
        </Box>
        <Typography variant="h5" component="h2" data-testid="section-placeholder-title">
          {section.title ?? section.code}
        </Typography>
        <Chip label={t('placeholder.badge')} size="small" color="warning" variant="outlined" sx={{ mt: 1.5 }} />
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('placeholder.text')}
        </Typography>
        <Button component={Link} to="/" startIcon={<ArrowBackRounded />} sx={{ mt: 3 }}>
          {t('placeholder.back')}
        </Button>
      </Paper>
    </Box>
  );
}
