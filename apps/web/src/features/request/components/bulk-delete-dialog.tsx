import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §5 Bulk delete: a reason is required (not blank after trimming), and the confirmation states the count. */
export function BulkDeleteDialog({
  count,
  reasons,
  busy,
  onCancel,
  onConfirm,
}: {
  count: number;
  reasons: string[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (remark: string) => void;
}) {
  const { t } = useTranslation();
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
      aria-labelledby="bulk-delete-title"
      data-testid="bulk-delete-dialog"
    >
      <DialogTitle id="bulk-delete-title">{t('request.delete.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography data-testid="bulk-delete-count">{t('request.delete.confirm', { count })}</Typography>
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
          data-testid="bulk-delete-reason"
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
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bulk-delete-text', maxLength: 400 } }}
        />
        {missing ? (
          <Alert severity="warning" data-testid="bulk-delete-missing">
            {t('request.delete.reasonRequired')}
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
          disabled={busy}
          data-testid="bulk-delete-confirm"
          onClick={() => {
            if (!remark.trim()) {
              setMissing(true);
              return;
            }
            onConfirm(remark);
          }}
        >
          {t('request.delete.submit', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
