import ReceiptRounded from '@mui/icons-material/ReceiptRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReceiptType } from '@rangsi/contract';
import { formatSatang } from '@rangsi/domain';
import { FieldLabel } from '@/components/field-label';
import { amountText, checkReceipt } from '../lib/billing-lines';

export interface ReceiptFields {
  type: ReceiptType;
  bankName: string;
  number: string;
  /** null: the sum of the selected lines (spec §5: the amount defaults to it). */
  amount: string | null;
}

export const EMPTY_RECEIPT: ReceiptFields = { type: 'transfer', bankName: '', number: '', amount: null };

interface Props {
  fields: ReceiptFields;
  onChange: (fields: ReceiptFields) => void;
  selectedCount: number;
  selectedSatang: number;
  warning: string | null;
  onWarning: (message: string | null) => void;
  busy: boolean;
  onSubmit: (body: { type: ReceiptType; bankName: string; number: string; amount: number }) => void;
}

/** Spec §4 receipt mode: payment by transfer (โอนเงิน) or cheque (เช็ค), bank, number and amount; §5 warnings. */
export function ReceiptForm({
  fields,
  onChange,
  selectedCount,
  selectedSatang,
  warning,
  onWarning,
  busy,
  onSubmit,
}: Props) {
  const amount = fields.amount ?? amountText(selectedSatang);
  const set = (patch: Partial<ReceiptFields>) => {
    onChange({ ...fields, ...patch });
    onWarning(null);
  };
  const submit = () => {
    const check = checkReceipt({
      selectedSatang,
      selectedCount,
      bankName: fields.bankName,
      number: fields.number,
      amount,
    });
    if (!check.ok) {
      onWarning(check.message);
      return;
    }
    onSubmit({
      type: fields.type,
      bankName: fields.bankName.trim(),
      number: fields.number.trim(),
      amount: check.amountSatang / 100,
    });
  };
  const cheque = fields.type === 'cheque';

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="receipt-form"
      sx={{
        border: 1,
        borderColor: 'primary.light',
        borderRadius: 1,
        p: 1.5,
        mt: 1.5,
        bgcolor: (t) => t.palette.status.arrived.soft,
      }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        ข้อมูลการชำระเงิน (Payment) · เลือก {selectedCount} รายการ รวม{' '}
        <span data-testid="receipt-selected-total">{formatSatang(selectedSatang)}</span> บาท
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(160px, 1fr) minmax(160px, 1fr) 170px auto',
          gap: 1.5,
          alignItems: 'end',
        }}
      >
        <Box>
          <FieldLabel id="receipt-type-label" required>
            ประเภท (Type)
          </FieldLabel>
          <RadioGroup
            row
            aria-labelledby="receipt-type-label"
            value={fields.type}
            onChange={(e) => set({ type: e.target.value as ReceiptType })}
          >
            <FormControlLabel
              value="transfer"
              control={<Radio size="small" />}
              label="โอนเงิน"
              data-testid="receipt-type-transfer"
            />
            <FormControlLabel
              value="cheque"
              control={<Radio size="small" />}
              label="เช็ค"
              data-testid="receipt-type-cheque"
            />
          </RadioGroup>
        </Box>
        <Box>
          <FieldLabel htmlFor="receipt-bank" required>
            ธนาคาร (Bank)
          </FieldLabel>
          <TextField
            id="receipt-bank"
            size="small"
            fullWidth
            value={fields.bankName}
            onChange={(e) => set({ bankName: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'receipt-bank' } }}
          />
        </Box>
        <Box>
          <FieldLabel htmlFor="receipt-number" required>
            {cheque ? 'เลขที่เช็ค (Cheque no.)' : 'เลขที่อ้างอิงการโอน (Transfer ref.)'}
          </FieldLabel>
          <TextField
            id="receipt-number"
            size="small"
            fullWidth
            value={fields.number}
            onChange={(e) => set({ number: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'receipt-number' } }}
          />
        </Box>
        <Box>
          <FieldLabel htmlFor="receipt-amount" required>
            จำนวนเงิน (Amount)
          </FieldLabel>
          <TextField
            id="receipt-amount"
            size="small"
            fullWidth
            value={amount}
            onChange={(e) => set({ amount: e.target.value })}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                maxLength: 16,
                'data-testid': 'receipt-amount',
                style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
              },
              input: { endAdornment: <InputAdornment position="end">บาท</InputAdornment> },
            }}
          />
        </Box>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          data-testid="receipt-submit"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <ReceiptRounded />}
        >
          ออกใบเสร็จ (Issue)
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        จำนวนเงินที่ได้รับอาจน้อยกว่ายอดรวมได้ (ภาษีหัก ณ ที่จ่าย ค่าธรรมเนียม) แต่ไม่เกินยอดรวม (Received may be less than the total,
        never more)
      </Typography>
      {warning ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="receipt-warning">
          {warning}
        </Alert>
      ) : null}
    </Box>
  );
}
