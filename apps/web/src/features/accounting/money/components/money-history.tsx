import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DateField } from '@/components/date-field';
import { displayToIsoDay, isoDayToDisplay } from '@/lib/typed-day';
import { useAccountingBranch } from '../../accounting-branch-context';
import { useMoneyHistory } from '../../api/petty-cash';
import { MoneyEntriesTable } from './money-entries-table';
import { addDays } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';

/** The petty-cash saves of a range of days (default the last 31, as the server's), every revision, newest first. */
export function MoneyHistory({ today }: { today: string }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ from: isoDayToDisplay(addDays(today, -30)), to: isoDayToDisplay(today) });
  const [range, setRange] = useState<{ from: string; to: string }>({ from: addDays(today, -30), to: today });
  const [formError, setFormError] = useState<string | null>(null);
  const { branchId } = useAccountingBranch();
  const history = useMoneyHistory(branchId!, range);
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];

  const search = () => {
    const from = displayToIsoDay(form.from);
    const to = displayToIsoDay(form.to);
    if (!from || !to) {
      setFormError('วันที่ต้องเป็น dd-MM-yyyy (Date must be dd-MM-yyyy)');
      return;
    }
    if (from > to) {
      setFormError('วันเริ่มต้องไม่หลังวันสิ้นสุด (From must not be after To)');
      return;
    }
    setFormError(null);
    setRange({ from, to });
  };

  return (
    <Box data-testid="money-history">
      <Stack
        direction="row"
        spacing={1}
        component="form"
        alignItems="flex-start"
        sx={{ p: 1.5 }}
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <Box sx={{ width: 170 }}>
          <DateField
            id="money-history-from"
            size="small"
            label="ตั้งแต่วันที่ (From)"
            value={form.from}
            onChange={(v) => setForm({ ...form, from: v })}
            placeholder={t('app.datePlaceholder')}
            calendarLabel="เลือกวันที่ (Pick a date)"
            maxDay={today}
          />
        </Box>
        <Box sx={{ width: 170 }}>
          <DateField
            id="money-history-to"
            size="small"
            label="ถึงวันที่ (To)"
            value={form.to}
            onChange={(v) => setForm({ ...form, to: v })}
            placeholder={t('app.datePlaceholder')}
            calendarLabel="เลือกวันที่ (Pick a date)"
            maxDay={today}
          />
        </Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchRounded />}
          sx={{ mt: '22px' }}
          data-testid="money-history-search"
        >
          ค้นหา (Search)
        </Button>
      </Stack>
      {formError ? (
        <Alert severity="warning" sx={{ mx: 1.5, mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      {history.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      {history.error ? (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {history.error.message || 'โหลดไม่สำเร็จ (Could not load)'}
        </Alert>
      ) : null}
      {history.data && entries.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          ไม่พบข้อมูล (No result) — ลองเลือกช่วงวันที่อื่น (try other dates)
        </Typography>
      ) : null}
      {entries.length > 0 ? <MoneyEntriesTable entries={entries} withDay testId="money-history-table" /> : null}
      {history.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            แสดงเพิ่ม (Show more)
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
