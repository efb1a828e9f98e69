import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** UI guide "Feedback": unzipping archived images is long work, shown with a bar and the time it has taken. */
export function UnzipProgress() {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box
      role="status"
      data-testid="unzip-progress"
      sx={{ m: 'auto', width: 360, display: 'flex', flexDirection: 'column', gap: 1.5, textAlign: 'center' }}
    >
      <Typography>{t('viewer.unzip.running')}</Typography>
      <LinearProgress />
      <Typography variant="caption" color="text.secondary">
        {t('viewer.unzip.elapsed', { seconds })}
      </Typography>
    </Box>
  );
}
