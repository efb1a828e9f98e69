import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ReportProblemRounded from '@mui/icons-material/ReportProblemRounded';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ExamReport } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { AuditChip } from './audit-chip';

interface FinishedListProps {
  report: ExamReport;
  /** A finished report id, 'new' for the editing form, or null for nothing chosen. */
  selection: string | null;
  onSelect: (selection: string) => void;
}

/** Spec §2: per report name, the finished reports listed (newest first), and the "new" state for those who may write. */
export function FinishedList({ report, selection, onSelect }: FinishedListProps) {
  const { t } = useTranslation();
  const addendum = report.access.nextKinds.includes('addendum');
  const newLabel = report.draft
    ? t('report.list.draft')
    : addendum
      ? t('report.list.newAddendum')
      : t('report.list.new');
  return (
    <List
      dense
      disablePadding
      data-testid="finished-list"
      aria-label={t('report.list.title')}
      subheader={
        <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'background.paper' }}>{t('report.list.title')}</ListSubheader>
      }
    >
      {report.access.canEdit ? (
        <ListItemButton
          selected={selection === 'new'}
          onClick={() => onSelect('new')}
          data-testid="report-new"
          sx={{ mx: 0.5, mb: 0.5 }}
        >
          <ListItemIcon sx={{ minWidth: 32, color: 'primary.main' }}>
            <EditNoteRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={newLabel}
            secondary={
              report.draft
                ? t('report.list.draftSaved', { at: formatDateTime(report.draft.updatedAt) })
                : t('report.list.version', { n: report.access.nextVersionNo })
            }
            slotProps={{ primary: { sx: { fontWeight: 600, color: 'primary.main' } } }}
          />
        </ListItemButton>
      ) : null}
      {report.finishedReports.map((f) => (
        <ListItemButton
          key={f.finishedReportId}
          selected={selection === f.finishedReportId}
          onClick={() => onSelect(f.finishedReportId)}
          data-testid="finished-report"
          data-version={f.versionNo}
          data-kind={f.kind}
          sx={{ mx: 0.5, mb: 0.25, alignItems: 'flex-start' }}
        >
          <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
            <PictureAsPdfOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={
              <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
                <span>
                  {t('report.list.version', { n: f.versionNo })} · {t(`report.kind.${f.kind}`)}
                </span>
                {f.isCritical ? (
                  <Tooltip title={t('report.critical.flag')}>
                    <ReportProblemRounded color="error" sx={{ fontSize: 16 }} aria-label={t('report.critical.flag')} />
                  </Tooltip>
                ) : null}
                <AuditChip status={f.auditStatus} />
              </Box>
            }
            secondary={
              <>
                <Typography component="span" variant="caption" display="block" noWrap>
                  {f.reporterName}
                </Typography>
                <Typography component="span" variant="caption" display="block">
                  {formatDateTime(f.createDate)}
                </Typography>
              </>
            }
          />
        </ListItemButton>
      ))}
      {report.finishedReports.length === 0 && !report.access.canEdit ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} data-testid="finished-empty">
          {t('report.list.empty')}
        </Typography>
      ) : null}
    </List>
  );
}
