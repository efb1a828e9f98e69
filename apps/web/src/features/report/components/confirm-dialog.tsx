import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  title: string;
  text: string;
  extra?: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
}

/** A No/Yes question before something that cannot be undone (Finish) or replaces text (a template). */
export function ConfirmDialog({ title, text, extra, confirmLabel, pending = false, onCancel, onConfirm, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={pending ? undefined : onCancel} maxWidth="xs" fullWidth data-testid={testId} aria-labelledby={`${testId}-title`}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ color: 'text.primary' }}>{text}</DialogContentText>
        {extra}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending} data-testid="confirm-no">{t('report.confirm.no')}</Button>
        <Button variant="contained" onClick={onConfirm} loading={pending} data-testid="confirm-yes" autoFocus>{confirmLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
