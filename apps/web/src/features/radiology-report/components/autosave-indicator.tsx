import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import type { AutosaveState } from '../hooks/use-report-autosave';

/** Where the draft stands: unsaved changes, saving, saved at …, or a failure that keeps the text on screen. */
export function AutosaveIndicator({ state }: { state: AutosaveState }) {
  const { t } = useTranslation();
  let icon = null;
  let text = '';
  let color = 'text.secondary';
  switch (state.status) {
    case 'idle':
      text = t('report.autosave.idle');
      break;
    case 'pending':
      icon = <EditOutlined sx={{ fontSize: 16 }} />;
      text = t('report.autosave.pending');
      break;
    case 'saving':
      icon = <CircularProgress size={12} />;
      text = t('report.autosave.saving');
      break;
    case 'saved':
      icon = <CloudDoneOutlined sx={{ fontSize: 16 }} color="success" />;
      text = t('report.autosave.saved', { at: formatDateTime(state.savedAt) });
      break;
    case 'error':
      icon = <CloudOffOutlined sx={{ fontSize: 16 }} />;
      text = t('report.autosave.error');
      color = 'error.main';
      break;
    case 'conflict':
      icon = <CloudOffOutlined sx={{ fontSize: 16 }} />;
      text = t('report.autosave.conflict');
      color = 'warning.main';
      break;
  }
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color, whiteSpace: 'nowrap' }}
      data-testid="autosave-status"
      data-status={state.status}
    >
      {icon}
      <Typography variant="caption" component="span" sx={{ color: 'inherit' }}>
        {text}
      </Typography>
    </Box>
  );
}
