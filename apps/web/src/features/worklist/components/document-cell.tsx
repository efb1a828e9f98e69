import FolderOutlined from '@mui/icons-material/FolderOutlined';
import FolderRounded from '@mui/icons-material/FolderRounded';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import InsertDriveFileRounded from '@mui/icons-material/InsertDriveFileRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { ExamUploadKind } from '../lib/document-types';

interface DocumentCellProps {
  kind: ExamUploadKind;
  present: boolean;
  onOpen: () => void;
}

/** Spec §6 EXAM_DOCUMENT: documents and files columns; a filled icon when there are some, an outline when none. */
export function DocumentCell({ kind, present, onOpen }: DocumentCellProps) {
  const { t } = useTranslation();
  const label =
    kind === 'document'
      ? t(present ? 'worklist.row.documents' : 'worklist.row.documentsNone')
      : t(present ? 'worklist.row.files' : 'worklist.row.filesNone');
  const icon =
    kind === 'document' ? (
      present ? (
        <FolderRounded fontSize="small" />
      ) : (
        <FolderOutlined fontSize="small" />
      )
    ) : present ? (
      <InsertDriveFileRounded fontSize="small" />
    ) : (
      <InsertDriveFileOutlined fontSize="small" />
    );
  return (
    <Tooltip title={label} disableInteractive>
      <IconButton
        aria-label={label}
        onClick={onOpen}
        data-testid={kind === 'document' ? 'documents-button' : 'files-button'}
        data-present={present ? 'true' : 'false'}
        sx={{ p: 0.5, color: present ? 'primary.main' : 'action.disabled', '&:hover': { color: 'primary.main' } }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}
