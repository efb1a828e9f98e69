import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  /** Shown while true; a caller that mounts the dialog only when needed leaves it out. */
  open?: boolean;
  title: string;
  text?: ReactNode;
  /** Below the text: a warning that goes with this question (a critical finding). */
  extra?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirmed action is running: both buttons wait, and the dialog cannot be dismissed. */
  pending?: boolean;
  /** The confirmed action throws something away: the button is red. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** On the dialog; its buttons are `confirm-no` and `confirm-yes` inside it. */
  testId: string;
}

/** A No / Yes question before something that cannot be undone, replaces what was typed, or throws work away. */
export function ConfirmDialog({
  open = true,
  title,
  text,
  extra,
  confirmLabel,
  cancelLabel,
  pending = false,
  danger = false,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      {text || extra ? (
        <DialogContent>
          {text ? <DialogContentText sx={{ color: 'text.primary' }}>{text}</DialogContentText> : null}
          {extra}
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending} data-testid="confirm-no">
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={pending}
          autoFocus
          data-testid="confirm-yes"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
