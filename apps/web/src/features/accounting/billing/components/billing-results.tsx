import PostAddRounded from '@mui/icons-material/PostAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillingRow } from '@rangsi/contract';
import { formatBaht, formatSatang } from '@rangsi/domain';
import { useMemo, useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { initialChecked, selectAllState, sumSatang, toggleAllUnpaid, toggleLine } from '../lib/billing-lines';
import { statementUrl } from '../api/billing-mutations';
import { BILLING_TABLE_HEIGHT, moneyCell } from './billing-styles';
import { HeadCell } from './head-cell';

interface Props {
  rows: BillingRow[];
  truncated: boolean;
  creating: boolean;
  onCreate: (requestIds: string[]) => void;
}

/**
 * Spec §2/§4 Billing results: unpaid lines checked, paid ones unchecked and marked paid, select-all over the unpaid
 * lines only; the footer adds up the checked lines and makes the batch. Mounted afresh for each search answer.
 */
export function BillingResults({ rows, truncated, creating, onCreate }: Props) {
  const [checked, setChecked] = useState(() => initialChecked(rows));
  const { all, some } = selectAllState(rows, checked);
  const chosen = useMemo(() => rows.filter((r) => checked.has(r.requestId)), [rows, checked]);

  return (
    <>
      {truncated ? (
        <Alert severity="warning" sx={{ m: 1 }} data-testid="billing-truncated">
          พบรายการมากเกินกว่าที่แสดงได้ กรุณาเลือกช่วงวันที่ให้แคบลง (Too many requests: only the first are listed, narrow the date
          range)
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Box sx={{ py: 5, textAlign: 'center' }} data-testid="billing-empty">
          <Typography variant="subtitle1">No result.</Typography>
          <Typography variant="body2" color="text.secondary">
            ไม่พบใบส่งตรวจในช่วงวันที่นี้ ลองเปลี่ยนช่วงวันที่หรือสิทธิการรักษา (Try another date range or privilege)
          </Typography>
        </Box>
      ) : (
        <TableContainer sx={{ maxHeight: BILLING_TABLE_HEIGHT }} data-testid="billing-table-container">
          <Table
            size="small"
            stickyHeader
            aria-label="รายการใบส่งตรวจสำหรับวางบิล (Requests to bill)"
            data-testid="billing-table"
            sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 }, '& th, & td': { px: 1 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={all}
                    indeterminate={some && !all}
                    onChange={() => setChecked(toggleAllUnpaid(rows, checked))}
                    disabled={rows.every((r) => r.isPaid)}
                    slotProps={{
                      input: {
                        'aria-label': 'เลือกรายการที่ยังไม่ชำระทั้งหมด (Select all unpaid)',
                        'data-testid': 'billing-select-all',
                      } as object,
                    }}
                  />
                </TableCell>
                <HeadCell th="วันที่นัด" en="Date" />
                <HeadCell th="HN" />
                <HeadCell th="ชื่อผู้ป่วย" en="Patient" />
                <HeadCell th="ยอดเงิน (บาท)" en="Total" align="right" />
                <HeadCell th="ใบวางบิลล่าสุด" en="Latest batch" />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.requestId}
                  hover
                  data-testid="billing-row"
                  data-request-id={r.requestId}
                  data-paid={r.isPaid}
                  sx={r.isPaid ? { bgcolor: 'action.hover' } : undefined}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={checked.has(r.requestId)}
                      disabled={r.isPaid}
                      onChange={() => setChecked(toggleLine(checked, r))}
                      slotProps={{
                        input: {
                          'aria-label': `เลือก ${r.patientName} (Select)`,
                          'data-testid': 'billing-row-check',
                        } as object,
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatDate(r.appointmentDate)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.hn}</TableCell>
                  <TableCell>
                    {r.patientName}
                    {r.isPaid ? (
                      <Chip
                        size="small"
                        color="success"
                        variant="outlined"
                        sx={{ ml: 1 }}
                        data-testid="billing-row-paid"
                        label={
                          r.paidBillingId === r.latestBillingId && r.latestBillingDocumentId
                            ? `ชำระแล้ว (Paid) ${r.latestBillingDocumentId}`
                            : 'ชำระแล้ว (Paid)'
                        }
                      />
                    ) : null}
                  </TableCell>
                  <TableCell sx={moneyCell}>{formatBaht(r.totalPrice)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {r.latestBillingId && r.latestBillingDocumentId ? (
                      <Link
                        href={statementUrl(r.latestBillingId, false)}
                        target="_blank"
                        rel="noopener"
                        data-testid="billing-row-batch"
                        title={
                          r.isPaid && r.paidBillingId === r.latestBillingId
                            ? 'ชำระในใบวางบิลนี้ (Paid in this batch)'
                            : 'ใบวางบิล (Billing statement)'
                        }
                      >
                        {r.latestBillingDocumentId}
                      </Link>
                    ) : (
                      <Typography variant="body2" color="text.disabled">
                        –
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="body2" data-testid="billing-checked-summary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          เลือก <b data-testid="billing-checked-count">{chosen.length.toLocaleString('en-US')}</b> รายการ (selected) ·
          รวม <b data-testid="billing-checked-total">{formatSatang(sumSatang(chosen))}</b> บาท
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          disabled={chosen.length === 0 || creating}
          onClick={() => onCreate(chosen.map((r) => r.requestId))}
          data-testid="billing-create"
          startIcon={creating ? <CircularProgress size={16} color="inherit" /> : <PostAddRounded />}
        >
          สร้างใบวางบิล (Create batch)
        </Button>
      </Box>
    </>
  );
}
