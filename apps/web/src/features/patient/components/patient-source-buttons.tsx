import BadgeRounded from '@mui/icons-material/BadgeRounded';
import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { CardReader } from '../hooks/use-card-reader';

/** Where a patient's data can come from besides typing: the HIS by HN (a new patient only), the ID card. */
export function PatientSourceButtons({
  onImport,
  reader,
  onReadCard,
}: {
  /** Opens the HN import; null hides it. */
  onImport: (() => void) | null;
  reader: Pick<CardReader, 'configured' | 'phase'>;
  onReadCard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'stretch' }}>
      {onImport ? (
        <Button
          variant="outlined"
          startIcon={<CloudDownloadRounded />}
          onClick={onImport}
          data-testid="patient-import-hn"
        >
          {t('patient.import.open')}
        </Button>
      ) : null}
      {reader.configured ? (
        <Button
          variant="outlined"
          startIcon={reader.phase === 'reading' ? <CircularProgress size={16} /> : <BadgeRounded />}
          onClick={onReadCard}
          disabled={reader.phase !== 'idle'}
          data-testid="patient-read-card"
        >
          {t('patient.card.read')}
        </Button>
      ) : null}
    </Box>
  );
}
