import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNTING_MESSAGES,
  MAX_REFERENCE_CHARS,
  MAX_REMARK_CHARS,
  type CostEntry,
  type CostType,
  type ReceiptLookup,
  type TodayCost,
} from '@rangsi/contract';
import { bangkokToday, formatSatang, satangOf } from '@rangsi/domain';
import { useRef, useState } from 'react';
import { ApiError } from '@/api/api-error';
import { DateField } from '@/components/date-field';
import { FieldLabel } from '@/components/field-label';
import { isoDayToDisplay } from '@/lib/typed-day';
import { useAccountingBranch } from '../accounting-branch-context';
import { useAccountingCost, useSubmitCost, useTodayCost } from '../api/exam-fees';
import { AmountField } from '../components/amount-field';
import { AttachmentPicker } from '../components/attachment-picker';
import { MoneyText } from '../components/money-text';
import { amountProblem } from '../lib/money-input';
import { readCostDate } from '../lib/days';
import { ReceiptLookupField } from './components/receipt-lookup-field';
import { TodayCostTable } from './components/today-cost-table';
import { COST_TYPE_TEXT } from './cost-type-text';

interface CostForm {
  type: CostType | '';
  methodId: string;
  amount: string;
  receiptText: string;
  receipt: ReceiptLookup | null;
  referenceCode: string;
  remark: string;
  date: string;
  file: File | null;
}

const EMPTY: CostForm = {
  type: '',
  methodId: '',
  amount: '',
  receiptText: '',
  receipt: null,
  referenceCode: '',
  remark: '',
  date: '',
  file: null,
};

type Errors = Partial<Record<'type' | 'amount' | 'receipt' | 'date', string>>;

function Label({ th, en }: { th: string; en: string }) {
  return (
    <>
      {th}{' '}
      <Typography component="span" variant="inherit" color="text.secondary">
        {en}
      </Typography>
    </>
  );
}

/** The count and total of one type of today's exam fees. */
function TotalChip({ label, today, testId }: { label: string; today: TodayCost | undefined; testId: string }) {
  return (
    <Chip
      variant="outlined"
      data-testid={testId}
      label={
        <>
          {label}:{' '}
          <b style={{ fontVariantNumeric: 'tabular-nums' }}>{today ? formatSatang(satangOf(today.total)) : '…'}</b> บาท
          {today ? ` · ${today.count} รายการ` : ''}
        </>
      }
    />
  );
}

/** §5 exam fee, in the order the server checks them; every message that applies, under its field. */
function validate(f: CostForm, today: string): { errors: Errors; day: string | null } {
  const errors: Errors = {};
  if (!f.type || !f.methodId) errors.type = ACCOUNTING_MESSAGES.noType;
  if (f.type === 'cash')
    errors.amount = f.amount.trim() === '' ? ACCOUNTING_MESSAGES.noAmount : (amountProblem(f.amount) ?? undefined);
  if (f.type === 'cheque' && !f.receipt) errors.receipt = ACCOUNTING_MESSAGES.badReceipt;
  const date = readCostDate(f.date, today);
  if ('error' in date) errors.date = date.error;
  for (const k of Object.keys(errors) as (keyof Errors)[]) if (!errors[k]) delete errors[k];
  return { errors, day: 'day' in date ? date.day : null };
}

/**
 * /accounting/cost: an exam fee received in cash or by cheque (spec §3, §4, §5). A cheque is the receipt billing issued
 * for it, looked up by number and locked; its amount is the receipt's. Below, today's fees with totals by type.
 */
export function CostPage() {
  const ui = useAccountingCost();
  const { branchId } = useAccountingBranch();
  const all = useTodayCost(branchId!, 'all');
  const cash = useTodayCost(branchId!, 'cash');
  const cheque = useTodayCost(branchId!, 'cheque');
  const submit = useSubmitCost(branchId!);
  const [form, setForm] = useState<CostForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<CostEntry | null>(null);
  const [notice, setNotice] = useState(false);
  // A new receipt field after each save: its own state (a not-found message) starts afresh.
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const today = all.data?.day ?? bangkokToday();

  const set = (patch: Partial<CostForm>, clear: (keyof Errors)[] = []) => {
    setForm((f) => ({ ...f, ...patch }));
    if (clear.length)
      setErrors((e) => {
        const next = { ...e };
        for (const k of clear) delete next[k];
        return next;
      });
  };

  const save = () => {
    setSaveError(null);
    const { errors: found, day } = validate(form, today);
    setErrors(found);
    if (Object.keys(found).length) {
      window.requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] input')?.focus(),
      );
      return;
    }
    submit.mutate(
      {
        type: form.type as CostType,
        methodId: Number(form.methodId),
        amount: form.type === 'cash' ? form.amount : null,
        receiptId: form.type === 'cheque' ? (form.receipt?.receiptId ?? null) : null,
        referenceCode: form.referenceCode.trim(),
        remark: form.remark,
        date: day,
        file: form.file,
      },
      {
        onSuccess: (entry) => {
          setSaved(entry);
          setNotice(true);
          setForm(EMPTY);
          setErrors({});
          setFileError(null);
          setFormKey((k) => k + 1);
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fieldErrors : [];
          const byField = (name: string) => fields.find((e) => e.field === name)?.message;
          if (byField('file')) setFileError(byField('file')!);
          setErrors((e) => ({
            ...e,
            ...(byField('receiptId') ? { receipt: byField('receiptId') } : {}),
            ...(byField('date') ? { date: byField('date') } : {}),
            ...(byField('amount') ? { amount: byField('amount') } : {}),
          }));
          setSaveError(
            err instanceof ApiError && err.message
              ? err.message
              : 'บันทึกไม่สำเร็จ กรุณาลองใหม่ (Could not save, please try again)',
          );
        },
      },
    );
  };

  const methods = ui.data?.paymentMethods ?? [];
  const loadError = ui.error ?? all.error;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }} data-testid="cost-page">
      <Paper
        variant="outlined"
        sx={{ p: 1.5 }}
        component="form"
        ref={formRef}
        noValidate
        key={formKey}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        data-testid="cost-form"
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 1 }}>
          <Typography variant="h6" component="h1">
            <Label th="ค่าตรวจ" en="Exam fee" />
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            วันที่ {isoDayToDisplay(today)} (today)
          </Typography>
        </Box>
        {loadError ? (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {loadError.message || 'โหลดข้อมูลไม่สำเร็จ (Could not load)'}
          </Alert>
        ) : null}

        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
            columnGap: 2,
            rowGap: 1.5,
            alignItems: 'start',
          }}
        >
          <Box>
            <FieldLabel id="cost-type-label" required>
              ประเภท (Type)
            </FieldLabel>
            <RadioGroup
              row
              aria-labelledby="cost-type-label"
              value={form.type}
              data-invalid={Boolean(errors.type && !form.type)}
              onChange={(e) =>
                set({ type: e.target.value as CostType, amount: '', receipt: null, receiptText: '' }, [
                  'type',
                  'amount',
                  'receipt',
                ])
              }
            >
              <FormControlLabel
                value="cash"
                control={
                  <Radio
                    size="small"
                    slotProps={{ input: { 'aria-invalid': Boolean(errors.type && !form.type) } as object }}
                  />
                }
                label={COST_TYPE_TEXT.cash}
                data-testid="cost-type-cash"
              />
              <FormControlLabel
                value="cheque"
                control={<Radio size="small" />}
                label={COST_TYPE_TEXT.cheque}
                data-testid="cost-type-cheque"
              />
            </RadioGroup>
          </Box>
          <Box>
            <FieldLabel htmlFor="cost-method" required>
              วิธีชำระเงิน (Payment method)
            </FieldLabel>
            <TextField
              id="cost-method"
              select
              size="small"
              fullWidth
              value={form.methodId}
              onChange={(e) => set({ methodId: e.target.value }, ['type'])}
              error={Boolean(errors.type && !form.methodId)}
              slotProps={{
                select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'cost-method' } as object },
                htmlInput: { 'aria-invalid': Boolean(errors.type && !form.methodId) },
              }}
            >
              <MenuItem value="">
                <Typography color="text.secondary" variant="inherit">
                  — เลือก (Choose) —
                </Typography>
              </MenuItem>
              {methods.map((m) => (
                <MenuItem key={m.id} value={String(m.id)}>
                  {m.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <DateField
            id="cost-date"
            size="small"
            label="วันที่รับเงิน (Date) · ไม่ระบุ = วันนี้"
            value={form.date}
            onChange={(date) => set({ date }, ['date'])}
            placeholder={`${isoDayToDisplay(today)} (วันนี้)`}
            calendarLabel="เลือกวันที่ (Pick a date)"
            maxDay={today}
            error={errors.date}
            errorWraps
          />
          {errors.type ? (
            <FormHelperText error sx={{ gridColumn: '1 / -1', mt: -1, mx: 0 }} data-testid="cost-type-error">
              {errors.type}
            </FormHelperText>
          ) : null}

          {form.type === 'cheque' ? (
            <ReceiptLookupField
              id="cost-receipt"
              text={form.receiptText}
              onTextChange={(receiptText) => set({ receiptText }, ['receipt'])}
              receipt={form.receipt}
              onReceipt={(receipt) => set({ receipt }, ['receipt'])}
              error={errors.receipt}
            />
          ) : null}
          <Box>
            <FieldLabel htmlFor="cost-amount" required={form.type !== 'cheque'}>
              จำนวนเงิน (Amount){form.type === 'cheque' ? ' · ตามใบเสร็จ (from the receipt)' : ''}
            </FieldLabel>
            {form.type === 'cheque' ? (
              <AmountField
                id="cost-amount"
                value={form.receipt ? formatSatang(satangOf(form.receipt.amount)) : ''}
                onChange={() => undefined}
                readOnly
                testId="cost-amount"
              />
            ) : (
              <AmountField
                id="cost-amount"
                value={form.amount}
                onChange={(amount) => set({ amount }, ['amount'])}
                error={errors.amount}
                testId="cost-amount"
              />
            )}
          </Box>
          <Box>
            <FieldLabel htmlFor="cost-reference">เลขอ้างอิง (Reference code)</FieldLabel>
            <TextField
              id="cost-reference"
              size="small"
              fullWidth
              value={form.referenceCode}
              onChange={(e) => set({ referenceCode: e.target.value })}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: MAX_REFERENCE_CHARS, 'data-testid': 'cost-reference' } }}
            />
          </Box>

          {form.type === 'cheque' ? null : <Box sx={{ display: { xs: 'none', md: 'block' } }} />}
          <Box sx={{ gridColumn: { md: '1 / span 2' } }}>
            <FieldLabel htmlFor="cost-remark">หมายเหตุ (Remark)</FieldLabel>
            <TextField
              id="cost-remark"
              size="small"
              fullWidth
              multiline
              minRows={2}
              maxRows={5}
              value={form.remark}
              onChange={(e) => set({ remark: e.target.value })}
              slotProps={{ htmlInput: { maxLength: MAX_REMARK_CHARS, 'data-testid': 'cost-remark' } }}
            />
          </Box>
          <AttachmentPicker
            id="cost-file"
            file={form.file}
            onChange={(file) => set({ file })}
            error={fileError}
            onError={setFileError}
          />
        </Box>

        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            mt: 1.5,
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
          }}
        >
          {saveError ? (
            <Alert severity="error" sx={{ flex: 1, whiteSpace: 'pre-line' }} data-testid="cost-save-error">
              {saveError}
            </Alert>
          ) : null}
          {saved && !saveError ? (
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="cost-saved">
              บันทึกล่าสุด: {COST_TYPE_TEXT[saved.type]} <MoneyText satang={satangOf(saved.amount)} /> บาท
              {saved.day !== today ? ` · ของวันที่ ${isoDayToDisplay(saved.day)} (ไม่แสดงในรายการวันนี้)` : ''}
            </Typography>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveRounded />}
            disabled={submit.isPending}
            data-testid="cost-save"
          >
            บันทึก (Save)
          </Button>
        </Box>
      </Paper>

      <Paper variant="outlined" component="section">
        <Typography variant="subtitle2" component="h2" sx={{ px: 1.5, pt: 1.25 }}>
          <Label th="ค่าตรวจวันนี้" en="Today's exam fees" />
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, flexWrap: 'wrap' }}>
          <TotalChip label="เงินสด (Cash)" today={cash.data} testId="cost-total-cash" />
          <TotalChip label="เช็ค (Cheque)" today={cheque.data} testId="cost-total-cheque" />
          <TotalChip label="รวม (Total)" today={all.data} testId="cost-total-all" />
        </Box>
        {all.data && all.data.entries.length === 0 ? (
          <Typography sx={{ px: 1.5, pb: 1.5 }} color="text.secondary" data-testid="cost-entries-empty">
            ไม่พบข้อมูล (No result) — ยังไม่มีการบันทึกค่าตรวจวันนี้ (nothing recorded today yet)
          </Typography>
        ) : null}
        {all.data && all.data.entries.length > 0 ? <TodayCostTable entries={all.data.entries} /> : null}
        {all.data?.truncated ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 1.5, py: 0.75 }}>
            แสดง {all.data.entries.length} รายการล่าสุด ยอดรวมนับทุกรายการ (the latest shown; totals count all)
          </Typography>
        ) : null}
      </Paper>

      <Snackbar
        open={notice}
        autoHideDuration={4000}
        onClose={() => setNotice(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" data-testid="cost-notice">
          {ACCOUNTING_MESSAGES.saved}
        </Alert>
      </Snackbar>
    </Box>
  );
}
