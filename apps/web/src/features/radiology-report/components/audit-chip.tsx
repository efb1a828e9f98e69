import Chip from '@mui/material/Chip';
import type { AuditStatus } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';

const COLOR = { WaitingForAudit: 'warning', Approved: 'success', Rejected: 'error' } as const;

/** A version's (or the exam's) report audit state; nothing when it is not under audit. */
export function AuditChip({ status }: { status: AuditStatus }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[status]}
      label={t(`report.audit.${status}`)}
      data-testid="report-audit-chip"
      data-audit={status}
      sx={{ height: 20, fontSize: '0.72rem' }}
    />
  );
}
