import AlarmRounded from '@mui/icons-material/AlarmRounded';
import HourglassBottomRounded from '@mui/icons-material/HourglassBottomRounded';
import { styled } from '@mui/material/styles';
import type { Countdown } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { visuallyHiddenStyle } from '../lib/visually-hidden';

const Pill = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 3,
  maxWidth: '100%',
  borderRadius: 4,
  fontSize: '0.8125rem',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  verticalAlign: 'middle',
  color: theme.palette.text.primary,
  '&[data-tone="none"]': { color: theme.palette.text.disabled },
  '&[data-tone="warning"], &[data-tone="overdue"]': { padding: '1px 6px', fontWeight: 600, fontSize: '0.78rem' },
  '&[data-tone="warning"]': {
    color: theme.palette.status.dueSoon.main,
    backgroundColor: theme.palette.status.dueSoon.soft,
  },
  '&[data-tone="overdue"]': {
    color: theme.palette.status.overdue.main,
    backgroundColor: theme.palette.status.overdue.soft,
  },
  '& .label': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& svg': { fontSize: 15, flexShrink: 0 },
}));

interface CountdownCellProps {
  countdown: Countdown;
  expectedDate: string | null;
}

/**
 * Spec §2 count-down column: time to the expected report date from the domain's countdown(); overdue in red
 * tones, one hour or less in amber — each with an icon and a spoken state, so colour is never the only signal.
 */
export function CountdownCell({ countdown, expectedDate }: CountdownCellProps) {
  const { t } = useTranslation();
  if (countdown.tone === 'none') {
    return (
      <Pill data-testid="countdown" data-tone="none" aria-label={t('worklist.row.countdownNone')}>
        –
      </Pill>
    );
  }
  const due = t('worklist.row.countdownExpected', { date: formatDateTime(expectedDate) });
  const state =
    countdown.tone === 'overdue'
      ? t('worklist.row.countdownOverdue')
      : countdown.tone === 'warning'
        ? t('worklist.row.countdownDueSoon')
        : null;
  return (
    <Pill data-testid="countdown" data-tone={countdown.tone} title={state ? `${state} · ${due}` : due}>
      {countdown.tone === 'overdue' ? (
        <AlarmRounded aria-hidden />
      ) : countdown.tone === 'warning' ? (
        <HourglassBottomRounded aria-hidden />
      ) : null}
      <span className="label">{countdown.label}</span>
      {state ? <span style={visuallyHiddenStyle}>{` (${state})`}</span> : null}
    </Pill>
  );
}
