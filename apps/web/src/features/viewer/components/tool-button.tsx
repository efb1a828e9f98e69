import Box from '@mui/material/Box';
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
  /** Why the button cannot be used now: shown as its tooltip, the button disabled. */
  disabledReason?: string | null;
}

/** An icon button of the viewer toolbar, its Thai name and key in the tooltip (UI guide: labels on icon buttons). */
export function ToolButton({
  label,
  shortcut,
  active = false,
  onClick,
  children,
  testId,
  disabledReason = null,
}: ToolButtonProps) {
  const title = disabledReason ?? (shortcut ? `${label} (${shortcut})` : label);
  const button = (
    <IconButton
      size="small"
      aria-label={label}
      aria-pressed={active}
      onClick={onClick}
      disabled={disabledReason !== null}
      data-testid={testId}
      // Disabled stays legible on the dark toolbar (the reader should see the feature exists; the tooltip says why).
      sx={{
        color: active ? 'primary.main' : 'text.primary',
        bgcolor: active ? 'action.selected' : undefined,
        borderRadius: 1,
        '&.Mui-disabled': { color: 'text.secondary', opacity: 0.45 },
      }}
    >
      {children}
    </IconButton>
  );
  // A disabled button fires no events: the tooltip listens on a wrapper (MUI's advice), which names the reason.
  return (
    <Tooltip title={title}>
      {disabledReason !== null ? (
        <Box
          component="span"
          data-testid={testId ? `${testId}-wrap` : undefined}
          aria-label={disabledReason}
          sx={{ display: 'inline-flex' }}
        >
          {button}
        </Box>
      ) : (
        button
      )}
    </Tooltip>
  );
}
