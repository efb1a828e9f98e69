import { alpha, styled } from '@mui/material/styles';
import { EXAM_STATUSES, type ExamStatus } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';
import type { StatusPalette } from '@/config/theme';

/** UI guide status language: one tone per status, always with its label. */
const TONE: Record<ExamStatus, keyof StatusPalette> = {
  Scheduled: 'scheduled',
  Arrived: 'arrived',
  Assigned: 'assigned',
  Accepted: 'inProgress',
  Completed: 'completed',
  Rejected: 'rejected',
};

// A plain span rather than a Chip: 50 rows of Chips cost more than the whole rest of a row on a slow workstation.
const Pill = styled('span')(({ theme }) => ({
  display: 'inline-block',
  maxWidth: '100%',
  height: 22,
  padding: '0 7px',
  borderRadius: 11,
  border: '1px solid transparent',
  fontSize: '0.75rem',
  fontWeight: 600,
  lineHeight: '20px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'middle',
  ...Object.fromEntries(
    EXAM_STATUSES.map((status) => {
      const tone = theme.palette.status[TONE[status]];
      return [
        `&[data-status="${status}"]`,
        { color: tone.main, backgroundColor: tone.soft, borderColor: alpha(tone.main, 0.32) },
      ];
    }),
  ),
}));

interface StatusChipProps {
  status: ExamStatus;
  /** Rejected exams name the doctor who declined (spec §2). */
  reviewerName?: string | null;
}

export function StatusChip({ status, reviewerName }: StatusChipProps) {
  const { t } = useTranslation();
  const label = t(`worklist.status.${status}`);
  const title = status === 'Rejected' && reviewerName ? t('worklist.status.rejectedBy', { name: reviewerName }) : label;
  return (
    <Pill data-testid="status-chip" data-status={status} title={title}>
      {label}
    </Pill>
  );
}
