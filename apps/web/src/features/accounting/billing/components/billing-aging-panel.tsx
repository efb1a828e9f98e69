import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillingAging } from '@rangsi/contract';
import { formatDate } from '@/lib/format-date';
import { useBillingAging } from '../api/billing-aging';
import { moneyCell } from './billing-styles';
import { HeadCell } from './head-cell';
import { formatBaht } from '@rangsi/domain';

const BUCKET_LABEL: Record<BillingAging['buckets'][number]['bucket'], string> = {
  '0-30': '0–30 วัน',
  '31-60': '31–60 วัน',
  '61-90': '61–90 วัน',
  '90+': '> 90 วัน',
};

/** Issue 24 item 9d: the hospital's unpaid requests by age of the appointment day, count and total per bucket. */
export function BillingAgingPanel({ hospitalId }: { hospitalId: number | null }) {
  const aging = useBillingAging(hospitalId);
  if (hospitalId === null) return null;
  const data = aging.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="billing-aging-title" data-testid="billing-aging">
      <Box sx={{ px: 1.5, pt: 1 }}>
        <Typography variant="subtitle2" component="h2" id="billing-aging-title">
          ค้างชำระตามอายุหนี้{' '}
          <Typography component="span" variant="inherit" color="text.secondary">
            Unpaid by age
          </Typography>
        </Typography>
        {data ? (
          <Typography variant="caption" color="text.secondary">
            ณ วันที่ (as of) {formatDate(data.asOf)}
          </Typography>
        ) : null}
      </Box>
      <Table size="small" sx={{ '& th, & td': { px: 1.5 }, '& th': { fontWeight: 600 } }}>
        <TableHead>
          <TableRow>
            <HeadCell th="อายุ" en="Age" />
            <HeadCell th="รายการ" en="Count" align="right" />
            <HeadCell th="ยอดเงิน (บาท)" en="Total" align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.buckets ?? []).map((b) => (
            <TableRow key={b.bucket} data-testid="billing-aging-bucket" data-bucket={b.bucket}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{BUCKET_LABEL[b.bucket]}</TableCell>
              <TableCell sx={moneyCell}>{b.count.toLocaleString('en-US')}</TableCell>
              <TableCell
                sx={{
                  ...moneyCell,
                  ...(b.bucket === '90+' && b.count > 0 ? { color: 'error.main', fontWeight: 600 } : {}),
                }}
              >
                {formatBaht(b.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
