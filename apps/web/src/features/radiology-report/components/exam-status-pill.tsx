import { alpha, styled } from '@mui/material/styles';
import { EXAM_STATUSES, type ExamStatus } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';
import type { StatusPalette } from '@/config/theme';

const TONE: Record<ExamStatus, keyof StatusPalette> = {
  Scheduled: 'scheduled',
  Arrived: 'arrived',
  Assigned: 'assigned',
  Accepted: 'inProgress',
  Completed: 'completed',
  Rejected: 'rejected',
};

const Pill = styled('span')(({ theme }) => ({
  display: 'inline-block',
  height: 22,
  padding: '0 8px',
  borderRadius: 11,
  border: '1px solid transparent',
  fontSize: '0.75rem',
  fontWeight: 600,
  lineHeight: '20px',
  whiteSpace: 'nowrap',
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

/** UI guide status language: the exam's state with its label, as on the worklist. */
export function ExamStatusPill({ status }: { status: ExamStatus }) {
  const { t } = useTranslation();
  return (
    <Pill data-testid="report-exam-status" data-status={status}>
      {t(`report.status.${status}`)}
    </Pill>
  );
}
