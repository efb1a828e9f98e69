import ArchiveRounded from '@mui/icons-material/ArchiveRounded';
import ImageRounded from '@mui/icons-material/ImageRounded';
import Badge from '@mui/material/Badge';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Exam } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { isArchived } from '../lib/exam-rules';

interface ImageCellProps {
  exam: Pick<Exam, 'hasImage' | 'zipStatus' | 'dicomAuditStatus' | 'imagesArriving'>;
  onOpen: () => void;
}

/** Spec §6 EXAM_DICOM: the image column — opens the viewer; marks archived images and the DICOM audit state. */
export function ImageCell({ exam, onOpen }: ImageCellProps) {
  const { t } = useTranslation();
  if (!exam.hasImage && exam.imagesArriving) {
    // Images on their way (the demo's, written after the server started): not "no images", not a viewer yet.
    return (
      <Tooltip title={t('worklist.row.imagesArriving')} disableInteractive>
        <CircularProgress
          size={16}
          thickness={5}
          role="img"
          aria-label={t('worklist.row.imagesArriving')}
          data-testid="images-arriving"
          sx={{ verticalAlign: 'middle' }}
        />
      </Tooltip>
    );
  }
  if (!exam.hasImage) {
    return (
      <Tooltip title={t('worklist.row.noImages')} disableInteractive>
        <ImageRounded
          role="img"
          aria-label={t('worklist.row.noImages')}
          fontSize="small"
          sx={{ color: 'action.disabled', verticalAlign: 'middle' }}
        />
      </Tooltip>
    );
  }
  const archived = isArchived(exam);
  const audit = exam.dicomAuditStatus;
  const auditText = audit ? t('worklist.audit.dicom', { status: t(`worklist.audit.${audit}`) }) : null;
  const label = [t('worklist.row.openViewer'), archived ? t('worklist.row.archived') : null, auditText]
    .filter(Boolean)
    .join(' · ');
  const flagged = audit === 'WaitingForAudit' || audit === 'Rejected';

  return (
    <Tooltip title={label} disableInteractive>
      <IconButton
        aria-label={label}
        onClick={onOpen}
        data-testid="viewer-button"
        data-dicom-audit={audit || 'none'}
        sx={{ p: 0.5, color: 'primary.main' }}
      >
        <Badge
          variant="dot"
          invisible={!flagged}
          color={audit === 'Rejected' ? 'error' : 'warning'}
          overlap="circular"
          sx={{ '& .MuiBadge-dot': { width: 9, height: 9, borderRadius: '50%', border: '1.5px solid white' } }}
        >
          {archived ? <ArchiveRounded fontSize="small" /> : <ImageRounded fontSize="small" />}
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
