import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { WorklistColumnId } from '../lib/worklist-columns';
import { visuallyHidden } from '../lib/visually-hidden';

const ICONS: Partial<Record<WorklistColumnId, typeof FolderOutlined>> = {
  documents: FolderOutlined,
  files: InsertDriveFileOutlined,
  images: ImageOutlined,
  report: DescriptionOutlined,
};

/** A column's header: its name, or for the narrow icon columns an icon with the name as tooltip and label. */
export function ColumnHeader({ id, iconOnly }: { id: WorklistColumnId; iconOnly: boolean }) {
  const { t } = useTranslation();
  const label = t(`worklist.column.${id}`);
  if (!iconOnly) return <>{label}</>;
  const Icon = ICONS[id];
  return (
    <Tooltip title={label} disableInteractive>
      <Box
        component="span"
        sx={{ display: 'inline-flex', verticalAlign: 'middle', color: 'text.secondary', minHeight: 18 }}
      >
        {Icon ? <Icon aria-hidden sx={{ fontSize: 18 }} /> : null}
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      </Box>
    </Tooltip>
  );
}
