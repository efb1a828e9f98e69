import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAutoRefresh } from '../hooks/use-auto-refresh';
import { useEnglish } from '../hooks/use-english';
import { BilingualText } from './bilingual-text';

interface AutoRefreshControlProps {
  /** When the last search ran; the countdown runs from there. */
  lastRunAt: number;
  /** Runs the same search again. */
  rerun: () => void;
}

/**
 * Spec §2: the Auto Refresh checkbox with its visible countdown (300 s, each search starts it again). The one-second
 * tick lives here, so only this control re-renders each second, not the list.
 */
export function AutoRefreshControl({ lastRunAt, rerun }: AutoRefreshControlProps) {
  const { t } = useTranslation();
  const { english, inThai } = useEnglish();
  const { enabled, setEnabled, secondsLeft } = useAutoRefresh(lastRunAt, rerun);

  return (
    <Tooltip title={t('worklist.search.autoRefreshHint')} placement="top">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <FormControlLabel
          sx={{ mr: 0.5, '& .MuiFormControlLabel-label': { fontSize: '0.875rem', fontWeight: 500 } }}
          control={
            <Checkbox
              size="small"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              id="worklist-auto-refresh"
            />
          }
          label={
            <BilingualText
              text={t('worklist.search.autoRefresh')}
              english={inThai ? english('worklist.search.autoRefresh') : undefined}
            />
          }
        />
        {enabled ? (
          <Box
            data-testid="auto-refresh-countdown"
            data-seconds={secondsLeft}
            aria-live="off"
            sx={(theme) => ({
              minWidth: 92,
              px: 1,
              py: 0.25,
              borderRadius: 4,
              fontSize: '0.8rem',
              fontWeight: 600,
              textAlign: 'center',
              fontVariantNumeric: 'tabular-nums',
              color: theme.palette.primary.dark,
              bgcolor: theme.palette.illustration.tint,
            })}
          >
            {t('worklist.search.autoRefreshCountdown', { seconds: secondsLeft })}
          </Box>
        ) : null}
      </Box>
    </Tooltip>
  );
}
