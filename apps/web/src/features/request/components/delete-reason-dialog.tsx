import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The delete-reason dialog (spec §2, §5): a reason from the list and/or typed, joined as "reason: detail".
 * Bulk (a count given): a blank reason is answered by the reason-required message and the confirmation states the
 * count. Single (no count, the request form): the confirm button stays disabled while the reason is empty.
 */
export function DeleteReasonDialog({
  count,
  reasons,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  /** How many requests the bulk delete removes; absent for the single delete of the request form. */
  count?: number;
  reasons: string[];
  busy: boolean;
  /** The server's refusal, shown in the dialog (a single delete keeps it open). */
  error?: string | null;
  onCancel: () => void;
  onConfirm: (remark: string) => void;
}) {
  const { t } = useTranslation();
  const single = count === undefined;
  const id = single ? 'delete-reason' : 'bulk-delete';
  const [choice, setChoice] = useState('');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const remark = [choice, text.trim()].filter(Boolean).join(': ');
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      data-testid={`${id}-dialog`}
    >
      <DialogTitle id={`${id}-title`}>{t('request.delete.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography data-testid={`${id}-count`}>
          {single ? t('request.delete.confirmOne') : t('request.delete.confirm', { count })}
        </Typography>
        <TextField
          select
          size="small"
          label={t('request.delete.reason')}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
            setMissing(false);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
          data-testid={`${id}-reason`}
        >
          <MenuItem value="">—</MenuItem>
          {reasons.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          multiline
          minRows={2}
          label={t('request.delete.detail')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMissing(false);
          }}
          helperText={single && !remark ? t('request.delete.reasonRequired') : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${id}-text`, maxLength: 400 } }}
        />
        {missing ? (
          <Alert severity="warning" data-testid={`${id}-missing`}>
            {t('request.delete.reasonRequired')}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" data-testid={`${id}-error`}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('request.common.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy || (single && !remark)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid={`${id}-confirm`}
          onClick={() => {
            if (!remark.trim()) {
              setMissing(true);
              return;
            }
            onConfirm(remark);
          }}
        >
          {single ? t('request.delete.submitOne') : t('request.delete.submit', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
