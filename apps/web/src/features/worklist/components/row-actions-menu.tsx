import AssignmentIndRounded from '@mui/icons-material/AssignmentIndRounded';
import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import DoNotDisturbOnRounded from '@mui/icons-material/DoNotDisturbOnRounded';
import DriveFolderUploadRounded from '@mui/icons-material/DriveFolderUploadRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import AlbumRounded from '@mui/icons-material/AlbumRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import LaunchRounded from '@mui/icons-material/LaunchRounded';
import QrCode2Rounded from '@mui/icons-material/QrCode2Rounded';
import ImageNotSupportedRounded from '@mui/icons-material/ImageNotSupportedRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import ThumbDownAltRounded from '@mui/icons-material/ThumbDownAltRounded';
import ThumbUpAltRounded from '@mui/icons-material/ThumbUpAltRounded';
import UnarchiveRounded from '@mui/icons-material/UnarchiveRounded';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { Exam } from '@rangsi/contract';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmAction, WorklistActions } from '../hooks/use-worklist-dialogs';
import {
  canAssign,
  canAuditDicom,
  canAuditReport,
  canDeleteExam,
  canDownloadImages,
  canRejectCase,
  isArchived,
} from '../lib/exam-rules';
import type { WorklistCapabilities } from '../lib/worklist-capabilities';
import { needsAcceptance } from '@rangsi/domain';

interface RowActionsMenuProps {
  exam: Exam;
  can: WorklistCapabilities;
  actions: WorklistActions;
}

interface Item {
  id: string;
  label: string;
  icon: ReactElement;
  danger?: boolean;
  run: () => void;
}

/**
 * The row's actions, only those the user's permissions and the exam's state allow (spec §4, §6): the server
 * enforces the same rules, the menu just does not offer what would be refused.
 */
export function RowActionsMenu({ exam, can, actions }: RowActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const confirm = (action: ConfirmAction) => () => actions.open({ kind: 'confirm', action, exam });

  // Built only while the menu is open: a row renders far more often than its menu opens.
  const buildGroups = (): Item[][] =>
    [
      [
        needsAcceptance(exam, can) && {
          id: 'accept',
          label: t('worklist.action.accept'),
          icon: <TaskAltRounded />,
          run: confirm('accept'),
        },
        canRejectCase(exam, can) && {
          id: 'reject',
          label: t('worklist.action.reject'),
          icon: <DoNotDisturbOnRounded />,
          danger: true,
          run: confirm('reject'),
        },
        canAssign(exam, can) && {
          id: 'assign',
          label: t('worklist.action.assign'),
          icon: <AssignmentIndRounded />,
          run: () => actions.open({ kind: 'assign', exam }),
        },
      ],
      [
        can.editExam && {
          id: 'edit',
          label: t('worklist.action.edit'),
          icon: <EditNoteRounded />,
          run: () => actions.open({ kind: 'edit', exam }),
        },
        {
          id: 'history',
          label: t('worklist.action.history'),
          icon: <HistoryRounded />,
          run: () => actions.open({ kind: 'history', exam }),
        },
        can.importDicom &&
          !isArchived(exam) && {
            id: 'importDicom',
            label: t('worklist.action.importDicom'),
            icon: <DriveFolderUploadRounded />,
            run: () => actions.open({ kind: 'importDicom', exam }),
          },
        can.images &&
          isArchived(exam) && {
            id: 'unzip',
            label: t('worklist.action.unzip'),
            icon: <UnarchiveRounded />,
            run: () => actions.unzip(exam),
          },
      ],
      [
        // Spec §2: the workstation helpers' downloads and the film link, for exams with images on hand.
        actions.helpers.cd &&
          canDownloadImages(exam, can) && {
            id: 'downloadCd',
            label: t('worklist.action.downloadCd'),
            icon: <AlbumRounded />,
            run: () => actions.openImageDialog({ kind: 'workstation', service: 'cd', exam }),
          },
        actions.helpers.radiant &&
          canDownloadImages(exam, can) && {
            id: 'downloadRadiant',
            label: t('worklist.action.downloadRadiant'),
            icon: <LaunchRounded />,
            run: () => actions.openImageDialog({ kind: 'workstation', service: 'radiant', exam }),
          },
        can.exportFilm &&
          exam.requestId !== null && {
            id: 'exportFilm',
            label: t('worklist.action.exportFilm'),
            icon: <QrCode2Rounded />,
            run: () => actions.openImageDialog({ kind: 'exportFilm', exam }),
          },
      ],
      [
        canAuditDicom(exam, can) && {
          id: 'approveDicom',
          label: t('worklist.action.approveDicom'),
          icon: <ThumbUpAltRounded />,
          run: confirm('approveDicom'),
        },
        canAuditDicom(exam, can) && {
          id: 'rejectDicom',
          label: t('worklist.action.rejectDicom'),
          icon: <ThumbDownAltRounded />,
          danger: true,
          run: confirm('rejectDicom'),
        },
        canAuditReport(exam, can) && {
          id: 'approveReport',
          label: t('worklist.action.approveReport'),
          icon: <ThumbUpAltRounded />,
          run: confirm('approveReport'),
        },
        canAuditReport(exam, can) && {
          id: 'rejectReport',
          label: t('worklist.action.rejectReport'),
          icon: <ThumbDownAltRounded />,
          danger: true,
          run: confirm('rejectReport'),
        },
      ],
      [
        can.deleteDicom &&
          exam.hasImage && {
            id: 'deleteDicom',
            label: t('worklist.action.deleteDicom'),
            icon: <ImageNotSupportedRounded />,
            danger: true,
            run: confirm('deleteDicom'),
          },
        canDeleteExam(exam, can) && {
          id: 'delete',
          label: t('worklist.action.delete'),
          icon: <DeleteForeverRounded />,
          danger: true,
          run: confirm('delete'),
        },
      ],
    ]
      .map((group) => group.filter((item): item is Item => Boolean(item)))
      .filter((group) => group.length > 0);

  const label = t('worklist.row.actions', { accession: exam.accessionNumber ?? exam.patientName });
  return (
    <>
      <Tooltip title={t('worklist.column.actions')} disableInteractive>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="row-actions"
          sx={{ p: 0.5 }}
        >
          <MoreVertRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      {/* Mounted only while open: fifty closed menus are fifty Popovers' worth of work on every render. */}
      {anchor ? (
        <Menu
          anchorEl={anchor}
          open
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ list: { dense: true, 'aria-label': label }, paper: { sx: { minWidth: 220 } } }}
        >
          {buildGroups().flatMap((group, index) => [
            index > 0 ? <Divider key={`divider-${index}`} /> : null,
            ...group.map((item) => (
              <MenuItem
                key={item.id}
                data-testid={`action-${item.id}`}
                onClick={() => {
                  setAnchor(null);
                  item.run();
                }}
                sx={item.danger ? { color: 'error.main' } : undefined}
              >
                <ListItemIcon sx={{ color: item.danger ? 'error.main' : 'text.secondary', '& svg': { fontSize: 19 } }}>
                  {item.icon}
                </ListItemIcon>
                <ListItemText>{item.label}</ListItemText>
              </MenuItem>
            )),
          ])}
        </Menu>
      ) : null}
    </>
  );
}
