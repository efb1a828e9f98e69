import CheckRounded from '@mui/icons-material/CheckRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ReceiptLookup } from '@rangsi/contract';
import { useRef, useState } from 'react';
import { ApiError } from '@/api/api-error';
import { FieldLabel } from '@/components/field-label';
import { useAccountingBranch } from '../../accounting-branch-context';
import { lookUpReceipt } from '../../api/exam-fees';

interface ReceiptLookupFieldProps {
  id: string;
  text: string;
  onTextChange: (text: string) => void;
  receipt: ReceiptLookup | null;
  onReceipt: (receipt: ReceiptLookup | null) => void;
  /** The form's §5 message (กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง) when saving without a looked-up receipt. */
  error?: string | null;
}

/**
 * Spec §4 cheque entry: the receipt number is looked up on Enter or the check icon; once found the field locks and
 * the amount shows the receipt's; the edit icon unlocks it and clears the receipt. Not found: the server's message.
 */
export function ReceiptLookupField({ id, text, onTextChange, receipt, onReceipt, error }: ReceiptLookupFieldProps) {
  const { branchId } = useAccountingBranch();
  const [looking, setLooking] = useState(false);
  const [notFound, setNotFound] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const locked = receipt !== null;

  const lookUp = async () => {
    if (locked || looking) return;
    if (!text.trim()) {
      setNotFound('กรุณาระบุเลขที่ใบเสร็จ (enter the receipt number)');
      return;
    }
    setLooking(true);
    setNotFound(null);
    try {
      onReceipt(await lookUpReceipt(text, branchId!));
      // Locked: the number reads as text, not as a selection left over from editing it.
      const input = inputRef.current;
      if (input) input.setSelectionRange(input.value.length, input.value.length);
    } catch (err) {
      setNotFound(
        err instanceof ApiError && err.message
          ? err.message
          : 'ค้นหาใบเสร็จไม่สำเร็จ กรุณาลองใหม่ (Could not look the receipt up)',
      );
    } finally {
      setLooking(false);
    }
  };

  const unlock = () => {
    onReceipt(null);
    setNotFound(null);
    window.requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.select();
    });
  };

  const message = notFound ?? error ?? null;
  return (
    <div>
      <FieldLabel htmlFor={id} required>
        เลขที่ใบเสร็จ (Receipt no.)
      </FieldLabel>
      <TextField
        id={id}
        size="small"
        fullWidth
        value={text}
        inputRef={inputRef}
        onChange={(e) => {
          onTextChange(e.target.value);
          setNotFound(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void lookUp();
          }
        }}
        error={Boolean(message)}
        helperText={
          message ??
          (locked
            ? `${receipt.bankName} · เลขที่เช็ค ${receipt.number}`
            : 'กด Enter หรือปุ่ม ✓ เพื่อค้นหา (Enter or ✓ to look it up)')
        }
        autoComplete="off"
        placeholder="เช่น RC2569-RS1-00001"
        slotProps={{
          htmlInput: {
            readOnly: locked,
            maxLength: 64,
            'aria-invalid': Boolean(message),
            'data-testid': 'cost-receipt',
          },
          input: {
            sx: locked ? { bgcolor: 'action.hover' } : undefined,
            startAdornment: locked ? (
              <InputAdornment position="start">
                <LockRounded fontSize="small" color="success" aria-label="ล็อกแล้ว (locked)" />
              </InputAdornment>
            ) : undefined,
            endAdornment: (
              <InputAdornment position="end">
                {looking ? (
                  <CircularProgress size={18} />
                ) : locked ? (
                  <Tooltip title="แก้ไขเลขที่ใบเสร็จ (Edit the receipt number)">
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label="แก้ไขเลขที่ใบเสร็จ (Edit the receipt number)"
                      onClick={unlock}
                      data-testid="cost-receipt-edit"
                    >
                      <EditRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : (
                  <Tooltip title="ค้นหาใบเสร็จ (Look the receipt up)">
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label="ค้นหาใบเสร็จ (Look the receipt up)"
                      onClick={() => void lookUp()}
                      data-testid="cost-receipt-check"
                    >
                      <CheckRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </InputAdornment>
            ),
          },
          formHelperText: { sx: { mx: 0 }, ...(message ? { 'data-testid': 'cost-receipt-error' } : {}) } as object,
        }}
      />
    </div>
  );
}
