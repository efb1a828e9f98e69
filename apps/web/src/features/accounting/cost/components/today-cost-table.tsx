import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CostEntry } from '@rangsi/contract';
import { formatDateTime } from '@/lib/format-date';
import { AttachmentLink } from '../../components/attachment-link';
import { HeadCell } from '../../components/head-cell';
import { MoneyText } from '../../components/money-text';
import { COST_TYPE_SHORT } from '../cost-type-text';
import { satangOf } from '@rangsi/domain';

/** Today's exam fees, newest first. */
export function TodayCostTable({ entries }: { entries: readonly CostEntry[] }) {
  return (
    <TableContainer sx={{ maxHeight: 600 }}>
      <Table
        size="small"
        stickyHeader
        data-testid="cost-entries"
        sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <HeadCell th="เวลา" en="Time" />
            <HeadCell th="ประเภท" en="Type" />
            <HeadCell th="วิธีชำระเงิน" en="Method" />
            <HeadCell th="จำนวนเงิน" en="Amount" right />
            <HeadCell th="ใบเสร็จ" en="Receipt" />
            <HeadCell th="เลขอ้างอิง" en="Ref." />
            <HeadCell th="หมายเหตุ" en="Remark" />
            <HeadCell th="ผู้บันทึก" en="By" />
            <HeadCell th="ไฟล์" en="File" />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id} hover data-testid="cost-entry">
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(e.createdAt).slice(11)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{COST_TYPE_SHORT[e.type]}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.methodName ?? '–'}</TableCell>
              <TableCell align="right">
                <MoneyText satang={satangOf(e.amount)} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {e.receipt?.receiptDocumentId ?? '–'}
              </TableCell>
              <TableCell
                sx={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={e.referenceCode ?? undefined}
              >
                {e.referenceCode ?? '–'}
              </TableCell>
              <TableCell
                sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={e.remark ?? undefined}
              >
                {e.remark ?? '–'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.createdBy}</TableCell>
              <TableCell>
                <AttachmentLink file={e.file} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
