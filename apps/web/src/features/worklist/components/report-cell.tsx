import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DescriptionRounded from '@mui/icons-material/DescriptionRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Exam } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';

interface ReportCellProps {
  exam: Pick<Exam, 'reportCount' | 'reportAuditStatus'>;
  /** Spec §5 Report access; a Doctor may be refused a report waiting for audit. */
  allowed: boolean;
  onOpen: () => void;
}

/** Spec §6 EXAM_REPORT: the report link, with the number of finished reports and the report audit state. */
export function ReportCell({ exam, allowed, onOpen }: ReportCellProps) {
  const { t } = useTranslation();
  const audit = exam.reportAuditStatus;
  const parts = [
    t('worklist.row.openReport'),
    exam.reportCount > 0 ? t('worklist.row.reportCount', { count: exam.reportCount }) : null,
    audit ? t('worklist.audit.report', { status: t(`worklist.audit.${audit}`) }) : null,
  ].filter(Boolean);
  const label = allowed ? parts.join(' · ') : t('worklist.row.reportLocked');
  const badgeColor = audit === 'WaitingForAudit' ? 'warning' : audit === 'Rejected' ? 'error' : 'primary';

  return (
    <Tooltip title={label} disableInteractive>
      {/* A disabled button fires no events; the span keeps the tooltip explaining why. */}
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <IconButton
          aria-label={label}
          onClick={onOpen}
          disabled={!allowed}
          data-testid="report-button"
          data-report-audit={audit || 'none'}
          sx={{ p: 0.5, color: exam.reportCount > 0 ? 'primary.main' : 'text.secondary' }}
        >
          <Badge
            badgeContent={exam.reportCount}
            color={badgeColor}
            invisible={exam.reportCount === 0}
            sx={{ '& .MuiBadge-badge': { height: 15, minWidth: 15, fontSize: '0.65rem', px: 0.4 } }}
          >
            {exam.reportCount > 0 ? <DescriptionRounded fontSize="small" /> : <DescriptionOutlined fontSize="small" />}
          </Badge>
        </IconButton>
      </Box>
    </Tooltip>
  );
}
