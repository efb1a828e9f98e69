import BackupRounded from '@mui/icons-material/BackupRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BackupList } from '@rangsi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { ApiError } from '@/api/api-error';
import { formatDateTime } from '@/lib/format-date';

/** Archive size for people: MB with two decimals and thousands separators (GB past 1,024 MB). */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 1024 ? [mb / 1024, 'GB'] : [mb, 'MB'];
  return `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${unit}`;
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

/** /admin/backup: the server's backup archives, and "back up now"; polls while one is being made. */
export function BackupPage() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['admin-backups'],
    queryFn: ({ signal }) => apiRequest<BackupList>('/api/admin/backups', { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: () => apiRequest<{ running: true }>('/api/admin/backup', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-backups'] }),
  });
  const data = list.data;
  const running = Boolean(data?.running) || start.isPending;

  return (
    <Box sx={{ px: 1.5, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="backup-page">
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="h6" component="h1">
          <Label th="สำรองข้อมูล" en="Backup" />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          ระบบสำรองฐานข้อมูลและไฟล์ทั้งหมดทุกคืน โดยไม่ต้องหยุดงาน และสำรองได้ทันทีจากปุ่มนี้ กู้คืนด้วยคำสั่ง npm run restore ขณะปิดระบบ
          (Database and stored files are backed up every night without stopping work, or now with this button; restore
          with npm run restore while the server is stopped)
        </Typography>
        <Button
          variant="contained"
          startIcon={<BackupRounded />}
          disabled={running}
          onClick={() => start.mutate()}
          data-testid="backup-now"
        >
          สำรองข้อมูลตอนนี้ (Back up now)
        </Button>
        {running ? (
          <Alert severity="info" sx={{ mt: 1.5 }} data-testid="backup-running">
            กำลังสำรองข้อมูล… (Backing up…)
          </Alert>
        ) : null}
        {start.error ? (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {start.error instanceof ApiError ? start.error.message : 'สำรองข้อมูลไม่สำเร็จ (Backup failed)'}
          </Alert>
        ) : null}
        {data?.lastError ? (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="backup-last-error">
            สำรองข้อมูลครั้งล่าสุดไม่สำเร็จ (The last backup failed) {formatDateTime(data.lastError.at)}:{' '}
            {data.lastError.message}
          </Alert>
        ) : null}
      </Paper>

      <Paper variant="outlined" component="section" aria-busy={list.isFetching}>
        <Typography variant="subtitle2" component="h2" sx={{ px: 1.5, py: 1 }}>
          <Label th="ไฟล์สำรองข้อมูล" en="Backup archives" />
        </Typography>
        {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {list.error ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {list.error instanceof ApiError ? list.error.message : 'โหลดไม่สำเร็จ (Could not load)'}
          </Alert>
        ) : null}
        {data && data.backups.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            ยังไม่มีไฟล์สำรองข้อมูล (No backups yet)
          </Typography>
        ) : null}
        {data && data.backups.length > 0 ? (
          <TableContainer>
            <Table
              size="small"
              data-testid="backup-table"
              sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1.5 } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Label th="วันที่" en="Date" />
                  </TableCell>
                  <TableCell>
                    <Label th="ไฟล์" en="File" />
                  </TableCell>
                  <TableCell align="right">
                    <Label th="ขนาด" en="Size" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.backups.map((b) => (
                  <TableRow key={b.name} hover data-testid="backup-row">
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatDateTime(b.createdAt)}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{b.name}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {sizeText(b.sizeBytes)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </Paper>
    </Box>
  );
}
