import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

interface ToolButtonProps {
  label: string;
  shortcut?: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}

/** An icon button of the viewer toolbar, its Thai name and key in the tooltip (UI guide: labels on icon buttons). */
export function ToolButton({ label, shortcut, active = false, onClick, children, testId }: ToolButtonProps) {
  const title = shortcut ? `${label} (${shortcut})` : label;
  return (
    <Tooltip title={title}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        data-testid={testId}
        sx={{ color: active ? 'primary.main' : 'text.primary', bgcolor: active ? 'action.selected' : undefined, borderRadius: 1 }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}
