import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuditPage, AuditRow } from '@rangsi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '@/api/api-client';
import { ApiError } from '@/api/api-error';
import { DateField } from '@/components/date-field';
import { FieldLabel } from '@/components/field-label';
import { formatDateTime } from '@/lib/format-date';
import { displayToIsoDay } from '@/lib/typed-day';
import { actionText } from './audit-actions';
import { useTranslation } from 'react-i18next';

interface AuditFilter {
  patient: string;
  user: string;
  from: string;
  to: string;
  page: number;
}

/** GET /api/audit, 50 rows a page, newest first. */
function useAuditSearch(f: AuditFilter) {
  const params = new URLSearchParams({ page: String(f.page) });
  for (const k of ['patient', 'user', 'from', 'to'] as const) if (f[k]) params.set(k, f[k]);
  return useQuery({
    queryKey: ['audit', f],
    queryFn: ({ signal }) => apiRequest<AuditPage>(`/api/audit?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Who acted, in words: a person, a person's link for the viewer, a public film link, or a system. */
function who(r: AuditRow): string {
  if (r.actorType === 'link') return 'ลิงก์ฟิล์มสาธารณะ (Film link)';
  if (r.actorType === 'system') return `ระบบ (System)${r.actorId ? ` ${r.actorId}` : ''}`;
  if (r.actorType === 'token') return `${r.username ?? ''} · ผ่านลิงก์ดูภาพ (via viewer link)`;
  return r.username ?? '–';
}

/** Two labels, Thai first and the English beside it. */
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

/** /admin/audit: who read or changed patient data, when and from where; for administrators (permission AUDIT). */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ patient: '', user: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({ patient: '', user: '', from: '', to: '', page: 1 });
  const [formError, setFormError] = useState<string | null>(null);
  const list = useAuditSearch(filter);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const submit = () => {
    const from = form.from ? displayToIsoDay(form.from) : '';
    const to = form.to ? displayToIsoDay(form.to) : '';
    if (from === null || to === null) {
      setFormError('วันที่ต้องเป็น dd-MM-yyyy (Date must be dd-MM-yyyy)');
      return;
    }
    setFormError(null);
    setFilter({ patient: form.patient.trim(), user: form.user.trim(), from, to, page: 1 });
  };

  return (
    <Box sx={{ px: 1.5, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="audit-page">
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="h6" component="h1">
          <Label th="บันทึกการเข้าถึงข้อมูล" en="Audit log" />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          ทุกครั้งที่มีการเปิดดูหรือแก้ไขข้อมูลผู้ป่วย ระบบบันทึกว่าใคร ทำอะไร เมื่อไร และจากที่ใด (Every read or change of patient data: who,
          what, when and from where)
        </Typography>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          component="form"
          alignItems="flex-end"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Box>
            <FieldLabel htmlFor="audit-patient">ผู้ป่วย (HN) / Patient</FieldLabel>
            <TextField
              id="audit-patient"
              size="small"
              value={form.patient}
              onChange={(e) => setForm({ ...form, patient: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'audit-patient' } }}
            />
          </Box>
          <Box>
            <FieldLabel htmlFor="audit-user">ผู้ใช้ / User</FieldLabel>
            <TextField
              id="audit-user"
              size="small"
              value={form.user}
              onChange={(e) => setForm({ ...form, user: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'audit-user' } }}
            />
          </Box>
          <DateField
            id="audit-from"
            size="small"
            label="ตั้งแต่วันที่ / From"
            value={form.from}
            onChange={(v) => setForm({ ...form, from: v })}
            placeholder={t('app.datePlaceholder')}
            calendarLabel="เลือกวันที่ (Pick a date)"
          />
          <DateField
            id="audit-to"
            size="small"
            label="ถึงวันที่ / To"
            value={form.to}
            onChange={(v) => setForm({ ...form, to: v })}
            placeholder={t('app.datePlaceholder')}
            calendarLabel="เลือกวันที่ (Pick a date)"
          />
          <Button type="submit" variant="contained" startIcon={<SearchRounded />} data-testid="audit-search">
            ค้นหา (Search)
          </Button>
        </Stack>
        {formError ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {formError}
          </Alert>
        ) : null}
      </Paper>

      <Paper variant="outlined" component="section" aria-busy={list.isFetching}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, minHeight: 36 }}>
          <Typography
            variant="subtitle2"
            component="h2"
            data-testid="audit-total"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {data ? `${data.total.toLocaleString('th-TH')} รายการ (entries)` : 'กำลังโหลด… (Loading)'}
          </Typography>
        </Box>
        {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {list.error ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {list.error instanceof ApiError ? list.error.message : 'โหลดไม่สำเร็จ (Could not load)'}
          </Alert>
        ) : null}
        {data && data.rows.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            ไม่พบรายการ (No entries)
          </Typography>
        ) : null}
        {data && data.rows.length > 0 ? (
          <TableContainer>
            <Table
              size="small"
              data-testid="audit-table"
              sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1 } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Label th="วันที่" en="Date" />
                  </TableCell>
                  <TableCell>
                    <Label th="ผู้ใช้" en="User" />
                  </TableCell>
                  <TableCell>
                    <Label th="ผู้ป่วย" en="Patient" />
                  </TableCell>
                  <TableCell>
                    <Label th="การกระทำ" en="Action" />
                  </TableCell>
                  <TableCell>
                    <Label th="ที่มา" en="From" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((r) => {
                  const a = actionText(r.action);
                  return (
                    <TableRow key={r.id} hover data-testid="audit-row">
                      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {formatDateTime(r.at)}
                      </TableCell>
                      <TableCell>{who(r)}</TableCell>
                      <TableCell>{r.patient ? `${r.patient.hn} · ${r.patient.name}` : '–'}</TableCell>
                      <TableCell data-testid="audit-action">
                        {a.th}{' '}
                        <Typography component="span" variant="inherit" color="text.secondary">
                          ({a.en})
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ maxWidth: 280 }}>
                        <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.ip ?? '–'}</Box>
                        {r.userAgent ? (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{
                              display: 'block',
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                              whiteSpace: 'nowrap',
                            }}
                            title={r.userAgent}
                          >
                            {r.userAgent}
                          </Typography>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
        {pages > 1 ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
            <Pagination
              count={pages}
              page={filter.page}
              onChange={(_e, page) => setFilter({ ...filter, page })}
              size="small"
            />
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
