import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FieldLabel } from '@/components/field-label';

interface Props {
  receiptDocumentId: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** Voiding a receipt needs a reason (issue 24 item 8): the receipt stays, struck through, and its lines return to unpaid. */
export function VoidReceiptDialog({ receiptDocumentId, busy, error, onCancel, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const missing = reason.trim() === '';
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="void-receipt-title"
      data-testid="void-receipt-dialog"
    >
      <DialogTitle id="void-receipt-title">
        ยกเลิกใบเสร็จ {receiptDocumentId}{' '}
        <Typography component="span" color="text.secondary">
          (Void receipt)
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          ใบเสร็จจะถูกเก็บไว้พร้อมเหตุผล และรายการในใบเสร็จจะกลับเป็นค้างชำระ (The receipt is kept with the reason; its lines
          return to unpaid)
        </Typography>
        <FieldLabel htmlFor="void-reason" required>
          เหตุผล (Reason)
        </FieldLabel>
        <TextField
          id="void-reason"
          fullWidth
          multiline
          minRows={2}
          size="small"
          value={reason}
          autoFocus
          onChange={(e) => setReason(e.target.value)}
          helperText={missing ? 'กรุณาระบุเหตุผลการยกเลิกใบเสร็จ (Reason required)' : `${reason.length}/500`}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'void-reason' }, formHelperText: { sx: { mx: 0 } } }}
        />
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="void-error">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          ปิด (Close)
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy || missing}
          data-testid="void-confirm"
          onClick={() => onConfirm(reason.trim())}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          ยกเลิกใบเสร็จ (Void)
        </Button>
      </DialogActions>
    </Dialog>
  );
}
