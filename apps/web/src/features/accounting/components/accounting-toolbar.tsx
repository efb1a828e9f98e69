import PrintRounded from '@mui/icons-material/PrintRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DateField } from '@/components/date-field';
import { DownloadButton } from '@/components/download-button';
import { FieldLabel } from '@/components/field-label';
import { isoDayToDisplay } from '@/lib/typed-day';
import { useAccountingBranch } from '../accounting-branch-context';
import { branchQuery } from '../lib/accounting-branch';
import { readCostDate } from '../lib/days';
import { bangkokToday } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';

/** The daily cash-up report in the report screen (decision acc44). */
export function cashupReportUrl(day: string, branchId: number | null): string {
  return `/accounting_report/cashup/accounting_cashup.rpt?day=${day}${branchQuery(branchId, '&')}`;
}

/** The daily cash-up as XLSX (decision acc45). */
export function cashupXlsxUrl(day: string, branchId: number | null): string {
  return `/api/accounting/cashup/${day}/xlsx${branchQuery(branchId)}`;
}

/**
 * Above every accounting page: the branch an Administrator works on (decision acc46; others see their own branch named)
 * and the day's cash-up (ปิดยอดประจำวัน), printed or exported for the day chosen, today by default.
 */
export function AccountingToolbar() {
  const { t } = useTranslation();
  const { branchId, branches, canChoose, choose } = useAccountingBranch();
  const today = bangkokToday();
  const [typed, setTyped] = useState(isoDayToDisplay(today));
  const [error, setError] = useState<string | null>(null);
  const read = readCostDate(typed, today);
  const day = 'day' in read ? (read.day ?? today) : null;
  const dayError = 'error' in read ? read.error : undefined;
  const own = branches.find((b) => b.id === branchId);

  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        columnGap: 2,
        rowGap: 1,
        px: 1.5,
        py: 1,
        mb: 1.5,
      }}
      data-testid="accounting-toolbar"
    >
      <Box sx={{ minWidth: 200 }}>
        {canChoose ? (
          <>
            <FieldLabel htmlFor="accounting-branch">สาขา (Branch)</FieldLabel>
            <TextField
              id="accounting-branch"
              select
              size="small"
              fullWidth
              value={branchId ?? ''}
              onChange={(e) => choose(Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': 'accounting-branch' } }}
            >
              {branches.map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.name}
                </MenuItem>
              ))}
            </TextField>
          </>
        ) : (
          <>
            <FieldLabel>สาขา (Branch)</FieldLabel>
            <Typography sx={{ py: 0.75, fontWeight: 600 }} data-testid="accounting-branch-name">
              {own?.name ?? '–'}
            </Typography>
          </>
        )}
      </Box>
      <Box sx={{ flex: 1 }} />
      <Box
        component="section"
        aria-label="ปิดยอดประจำวัน (Daily cash-up)"
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}
      >
        <Box sx={{ width: 215 }}>
          <DateField
            id="cashup-day"
            label="ปิดยอดประจำวัน (Daily cash-up)"
            value={typed}
            onChange={(v) => {
              setTyped(v);
              setError(null);
            }}
            size="small"
            placeholder={t('app.datePlaceholder')}
            calendarLabel="เลือกวันที่ปิดยอด (Pick the cash-up day)"
            maxDay={today}
            error={dayError}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, pb: dayError ? 2.75 : 0 }}>
          <Button
            variant="outlined"
            startIcon={<PrintRounded />}
            disabled={day === null}
            data-testid="cashup-print"
            href={cashupReportUrl(day ?? today, branchId)}
            target="_blank"
            rel="noopener"
            sx={{ whiteSpace: 'nowrap' }}
          >
            พิมพ์ (Print)
          </Button>
          <DownloadButton
            href={day ? cashupXlsxUrl(day, branchId) : ''}
            fileName={`cashup-${day ?? today}.xlsx`}
            disabled={day === null}
            onError={setError}
            data-testid="cashup-xlsx"
          >
            Excel
          </DownloadButton>
        </Box>
      </Box>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} sx={{ flexBasis: '100%' }} data-testid="cashup-error">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
