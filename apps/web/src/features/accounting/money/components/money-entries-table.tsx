import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MoneyEntry } from '@rangsi/contract';
import { formatDateTime } from '@/lib/format-date';
import { isoDayToDisplay } from '@/lib/typed-day';
import { AttachmentLink } from '../../components/attachment-link';
import { HeadCell } from '../../components/head-cell';
import { MoneyText } from '../../components/money-text';
import { satangOf } from '@rangsi/domain';

/**
 * Petty-cash saves, newest first: each a revision of its day (the highest is the day's figure). `withDay` adds the
 * day and the opening figures (the history view).
 */
export function MoneyEntriesTable({
  entries,
  withDay = false,
  testId,
}: {
  entries: readonly MoneyEntry[];
  withDay?: boolean;
  testId: string;
}) {
  // The first entry of each day in this list is its latest revision: it is the day's figure.
  const latestOfDay = new Set<number>();
  const seen = new Set<string>();
  for (const e of entries)
    if (!seen.has(e.day)) {
      seen.add(e.day);
      latestOfDay.add(e.id);
    }
  return (
    <TableContainer sx={{ maxHeight: 600 }}>
      <Table
        size="small"
        stickyHeader
        data-testid={testId}
        sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            {withDay ? <HeadCell th="วันที่" en="Day" /> : null}
            <HeadCell th="ครั้งที่" en="Rev." right />
            <HeadCell th="เวลาบันทึก" en="Saved at" />
            <HeadCell th="ผู้บันทึก" en="By" />
            <HeadCell th="รายการ" en="Expenses" />
            {withDay ? <HeadCell th="ยกมา + โอนรับ" en="In" right /> : null}
            <HeadCell th="ค่าใช้จ่าย" en="Spent" right />
            <HeadCell th="คงเหลือ" en="Balance" right />
            <HeadCell th="ไฟล์แนบ" en="File" />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => {
            const latest = latestOfDay.has(e.id);
            return (
              <TableRow
                key={e.id}
                hover
                data-testid="money-entry"
                sx={latest ? undefined : { '& td': { color: 'text.secondary' } }}
              >
                {withDay ? (
                  <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {isoDayToDisplay(e.day)}
                  </TableCell>
                ) : null}
                <TableCell
                  align="right"
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  title={
                    latest ? 'ยอดของวัน (the day\u2019s figure)' : 'ฉบับก่อนหน้า เก็บไว้เป็นประวัติ (an earlier revision, kept)'
                  }
                >
                  {e.revision}
                  {latest ? ' ✓' : ''}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatDateTime(e.createdAt).slice(11)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.createdBy}</TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  {e.items.map((it, i) => (
                    <Typography
                      key={i}
                      variant="body2"
                      component="div"
                      sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}
                    >
                      <span>{it.name}</span>
                      <MoneyText satang={satangOf(it.amount)} />
                    </Typography>
                  ))}
                  {e.remark ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      หมายเหตุ: {e.remark}
                    </Typography>
                  ) : null}
                </TableCell>
                {withDay ? (
                  <TableCell align="right">
                    <MoneyText satang={satangOf(e.yesterdayMoney) + satangOf(e.todayMoney)} />
                  </TableCell>
                ) : null}
                <TableCell align="right">
                  <MoneyText satang={satangOf(e.expenses)} />
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: latest ? 600 : undefined }}>
                  <MoneyText satang={satangOf(e.balance)} testId="money-entry-balance" />
                </TableCell>
                <TableCell>
                  <AttachmentLink file={e.file} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
