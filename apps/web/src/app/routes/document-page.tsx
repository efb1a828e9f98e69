import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Spec §2 (Other): /document/ is a placeholder with a spinner and the word Document. */
export function DocumentPage() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="document-page"
      sx={{
        minHeight: 360,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={36} />
      <Typography variant="h6" component="h2">
        {t('document.title')}
      </Typography>
    </Box>
  );
}
