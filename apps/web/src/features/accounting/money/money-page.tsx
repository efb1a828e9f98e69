import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNTING_MESSAGES, MAX_REMARK_CHARS, type MoneyEntry } from '@rangsi/contract';
import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@/api/api-error';
import { FieldLabel } from '@/components/field-label';
import { PageSpinner } from '@/components/page-spinner';
import { formatDateTime } from '@/lib/format-date';
import { isoDayToDisplay } from '@/lib/typed-day';
import { useAccountingBranch } from '../accounting-branch-context';
import { useAccountingMoney, useAdjustMoney } from '../api/petty-cash';
import { AttachmentPicker } from '../components/attachment-picker';
import { MoneyText } from '../components/money-text';
import {
  amountProblem,
  hasAmountAboveZero,
  parseBahtToSatang,
  pettyCashBalanceSatang,
  sumTypedSatang,
} from '../lib/money-input';
import { ExpenseLines, type ExpenseLine } from './components/expense-lines';
import { MoneyEntriesTable } from './components/money-entries-table';
import { MoneyHistory } from './components/money-history';
import { satangOf } from '@rangsi/domain';

const NAME_MISSING = 'กรุณาระบุชื่อรายการ (enter the expense name)';

/** Label, Thai first with the English beside it in grey. */
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

/** One line of the balance sum: a sign, the words, the figure. */
function SumLine({
  sign,
  label,
  note,
  children,
  strong = false,
}: {
  sign: string;
  label: ReactNode;
  note?: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '14px 1fr auto', columnGap: 1, alignItems: 'baseline', py: 0.5 }}>
      <Box sx={{ color: 'text.secondary', fontWeight: 600 }}>{sign}</Box>
      <Box>
        <Typography
          variant={strong ? 'subtitle1' : 'body2'}
          component="div"
          sx={{ fontWeight: strong ? 600 : undefined }}
        >
          {label}
        </Typography>
        {note ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {note}
          </Typography>
        ) : null}
      </Box>
      <Typography
        variant={strong ? 'h6' : 'body1'}
        component="div"
        sx={{ textAlign: 'right', fontWeight: strong ? 600 : 500 }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/**
 * /accounting/money: the petty cash of today (spec §3, §4, §5). Yesterday's balance and today's received transfers come
 * from the server; the clerk types the expenses; balance remaining = yesterday + transfers − expenses, live, in satang.
 * Each save is a new revision of the day, the earlier ones kept (decision acc22), and the form starts afresh.
 */
export function MoneyPage() {
  const { branchId } = useAccountingBranch();
  const ui = useAccountingMoney(branchId!);
  const save = useAdjustMoney(branchId!);
  const nextKey = useRef(1);
  const newKey = () => nextKey.current++;
  const [tab, setTab] = useState<'today' | 'history'>('today');
  const [lines, setLines] = useState<ExpenseLine[]>(() => [{ key: newKey(), name: '', amount: '' }]);
  const [remark, setRemark] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<number, { name?: string; amount?: string }>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<MoneyEntry | null>(null);
  const [notice, setNotice] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  if (ui.isPending) return <PageSpinner />;
  // A failed refetch keeps the figures on screen; only a first load that failed has nothing to show.
  const data = ui.data;
  if (!data) {
    return (
      <Box>
        <Alert severity="error" data-testid="money-load-error">
          {ui.error?.message || 'โหลดข้อมูลไม่สำเร็จ (Could not load)'}
        </Alert>
      </Box>
    );
  }
  const amounts = lines.map((l) => l.amount);
  const balance = pettyCashBalanceSatang({
    yesterdayBaht: data.yesterdayMoney,
    todayBaht: data.todayMoney,
    expenses: amounts,
  });

  const setLinesAndClear = (next: ExpenseLine[]) => {
    setLines(next);
    // A line being corrected loses its message; the §5 warning goes once a line is above 0.
    setLineErrors((errs) =>
      Object.fromEntries(
        Object.entries(errs).filter(([k]) => {
          const before = lines.find((l) => l.key === Number(k));
          const after = next.find((l) => l.key === Number(k));
          return before && after && before.name === after.name && before.amount === after.amount;
        }),
      ),
    );
    if (warning && hasAmountAboveZero(next.map((l) => l.amount))) setWarning(null);
  };

  const focusFirstError = () =>
    window.requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
    });

  const submit = () => {
    setSaveError(null);
    if (!hasAmountAboveZero(amounts)) {
      setWarning(ACCOUNTING_MESSAGES.noExpense);
      window.requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLInputElement>('[data-testid="expense-amount"]')?.focus(),
      );
      return;
    }
    const errs: Record<number, { name?: string; amount?: string }> = {};
    for (const l of lines) {
      const blank = !l.name.trim() && !l.amount.trim();
      if (blank) continue;
      const problem = amountProblem(l.amount) ?? (l.amount.trim() === '' ? 'กรุณาระบุจำนวนเงิน (enter the amount)' : null);
      const nameMissing = !l.name.trim() ? NAME_MISSING : undefined;
      if (problem || nameMissing)
        errs[l.key] = { ...(nameMissing ? { name: nameMissing } : {}), ...(problem ? { amount: problem } : {}) };
    }
    setLineErrors(errs);
    if (Object.keys(errs).length) {
      focusFirstError();
      return;
    }
    const items = lines
      .filter((l) => l.name.trim() || l.amount.trim())
      .map((l) => ({ name: l.name.trim(), amount: l.amount }));
    save.mutate(
      { remark, items, file },
      {
        onSuccess: (entry) => {
          setSaved(entry);
          setNotice(true);
          setLines([{ key: newKey(), name: '', amount: '' }]);
          setRemark('');
          setFile(null);
          setFileError(null);
          setWarning(null);
        },
        onError: (err) => {
          const fileMessage =
            err instanceof ApiError ? err.fieldErrors.find((e) => e.field === 'file')?.message : undefined;
          if (fileMessage) setFileError(fileMessage);
          setSaveError(
            err instanceof ApiError && err.message
              ? err.message
              : 'บันทึกไม่สำเร็จ กรุณาลองใหม่ (Could not save, please try again)',
          );
        },
      },
    );
  };

  const expensesSatang = sumTypedSatang(amounts);
  const invalidTotal = amounts.some((a) => a.trim() !== '' && parseBahtToSatang(a) === null);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }} data-testid="money-page">
      <Paper variant="outlined" sx={{ px: 1.5, pt: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1">
            <Label th="เงินสดย่อย" en="Petty cash" />
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid="money-day"
          >
            วันที่ {isoDayToDisplay(data.day)} (today)
          </Typography>
        </Box>
        <Tabs
          value={tab}
          onChange={(_e, v: 'today' | 'history') => setTab(v)}
          sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0 } }}
        >
          <Tab value="today" label="บันทึกวันนี้ (Today)" data-testid="money-tab-today" />
          <Tab value="history" label="ประวัติ (History)" data-testid="money-tab-history" />
        </Tabs>
      </Paper>

      {tab === 'history' ? (
        <Paper variant="outlined">
          <MoneyHistory today={data.day} />
        </Paper>
      ) : (
        <>
          <Paper
            variant="outlined"
            sx={{ p: 1.5 }}
            component="form"
            ref={formRef}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
            data-testid="money-form"
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 330px' }, gap: 2.5 }}>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
                <ExpenseLines lines={lines} onChange={setLinesAndClear} errors={lineErrors} newKey={newKey} />
                {warning ? (
                  <Alert severity="warning" data-testid="money-warning">
                    {warning}
                  </Alert>
                ) : null}
                <Box>
                  <FieldLabel htmlFor="money-remark">หมายเหตุ (Remark)</FieldLabel>
                  <TextField
                    id="money-remark"
                    size="small"
                    fullWidth
                    multiline
                    minRows={2}
                    maxRows={5}
                    value={remark}
                    onChange={(e) => setRemark(e.target.value)}
                    slotProps={{ htmlInput: { maxLength: MAX_REMARK_CHARS, 'data-testid': 'money-remark' } }}
                  />
                </Box>
                <AttachmentPicker
                  id="money-file"
                  file={file}
                  onChange={setFile}
                  error={fileError}
                  onError={setFileError}
                />
              </Box>

              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
                <Box
                  sx={{
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    px: 1.5,
                    py: 1,
                    bgcolor: 'background.default',
                  }}
                  data-testid="money-sum"
                >
                  <SumLine
                    sign=""
                    label={<Label th="เงินคงเหลือยกมา" en="Brought forward" />}
                    note={
                      data.yesterdayDay
                        ? `คงเหลือของวันที่ ${isoDayToDisplay(data.yesterdayDay)}`
                        : 'ยังไม่มีบันทึกก่อนหน้า (no earlier day)'
                    }
                  >
                    <MoneyText satang={satangOf(data.yesterdayMoney)} testId="money-yesterday" />
                  </SumLine>
                  <SumLine
                    sign="+"
                    label={<Label th="เงินโอนรับวันนี้" en="Transfers received today" />}
                    note="ใบเสร็จรับเงินโอนของวันนี้ (today's transfer receipts)"
                  >
                    <MoneyText satang={satangOf(data.todayMoney)} testId="money-today" />
                  </SumLine>
                  <SumLine
                    sign="−"
                    label={<Label th="ค่าใช้จ่าย" en="Expenses" />}
                    note={invalidTotal ? 'ไม่นับจำนวนที่ไม่ถูกต้อง (invalid amounts not counted)' : undefined}
                  >
                    <MoneyText satang={expensesSatang} testId="money-expenses" />
                  </SumLine>
                  <Divider sx={{ my: 0.5 }} />
                  <SumLine sign="=" label={<Label th="เงินคงเหลือ" en="Balance remaining" />} strong>
                    <MoneyText satang={balance} testId="money-balance" />
                  </SumLine>
                </Box>
                {saveError ? (
                  <Alert severity="error" data-testid="money-save-error" sx={{ whiteSpace: 'pre-line' }}>
                    {saveError}
                  </Alert>
                ) : null}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveRounded />}
                  disabled={save.isPending}
                  data-testid="money-save"
                >
                  บันทึก (Save)
                </Button>
                {saved ? (
                  <Alert severity="success" variant="outlined" data-testid="money-saved">
                    บันทึกครั้งที่ {saved.revision} เวลา {formatDateTime(saved.createdAt).slice(11)} · เงินคงเหลือ{' '}
                    <MoneyText satang={satangOf(saved.balance)} testId="money-saved-balance" /> บาท (ตามที่ระบบคำนวณ, as
                    the server computed)
                  </Alert>
                ) : null}
              </Box>
            </Box>
          </Paper>

          <Paper variant="outlined" component="section">
            <Box sx={{ px: 1.5, pt: 1.25, pb: 0.75 }}>
              <Typography variant="subtitle2" component="h2">
                <Label th="บันทึกของวันนี้" en="Today's saves" />
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                การบันทึกแต่ละครั้งเป็นฉบับใหม่ ฉบับก่อนหน้ายังเก็บไว้ไม่ถูกแก้ไข ยอดของวันคือฉบับล่าสุด (✓) (Each save is a new revision;
                earlier ones are kept unchanged; the latest is the day's figure.)
              </Typography>
            </Box>
            {ui.isFetching ? <Box sx={{ height: 2, bgcolor: 'primary.light' }} /> : null}
            {data.entries.length === 0 ? (
              <Typography sx={{ px: 1.5, pb: 1.5 }} color="text.secondary" data-testid="money-entries-empty">
                ไม่พบข้อมูล (No result) — ยังไม่มีการบันทึกเงินสดย่อยวันนี้ (nothing saved today yet)
              </Typography>
            ) : (
              <MoneyEntriesTable entries={data.entries} testId="money-entries" />
            )}
          </Paper>
        </>
      )}

      <Snackbar
        open={notice}
        autoHideDuration={4000}
        onClose={() => setNotice(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" data-testid="money-notice">
          {ACCOUNTING_MESSAGES.saved}
        </Alert>
      </Snackbar>
    </Box>
  );
}
