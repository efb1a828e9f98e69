import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BillingDetail } from '@rangsi/contract';
import { formatDate } from '@/lib/format-date';
import { moneyCell } from './billing-styles';
import { formatBaht } from '@rangsi/domain';

type Line = BillingDetail['requests'][number];

interface Props {
  lines: Line[];
  tab: 'unpaid' | 'paid';
  /** Receipt mode: the unpaid lines get boxes and no mark buttons. */
  selecting: boolean;
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  /** The lines whose mark call is on its way (each spins on its own). */
  busy: ReadonlySet<string>;
  onMark: (line: Line, paid: boolean) => void;
  canMark: boolean;
}

/** The detail dialog's lines of one tab (spec §4): mark paid / unpaid per line, or pick lines for a receipt. */
export function DetailLinesTable({ lines, tab, selecting, selected, onSelect, busy, onMark, canMark }: Props) {
  const boxes = selecting && tab === 'unpaid';
  const all = lines.length > 0 && lines.every((l) => selected.has(l.requestId));
  const some = lines.some((l) => selected.has(l.requestId));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  if (lines.length === 0) {
    return (
      <Typography
        color="text.secondary"
        sx={{ py: 4, textAlign: 'center' }}
        data-testid={`billing-detail-${tab}-empty`}
      >
        ไม่พบข้อมูล
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table
        size="small"
        stickyHeader
        data-testid={`billing-detail-${tab}-table`}
        sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 }, '& th, & td': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            {boxes ? (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={all}
                  indeterminate={some && !all}
                  onChange={() => onSelect(all ? new Set() : new Set(lines.map((l) => l.requestId)))}
                  slotProps={{
                    input: { 'aria-label': 'เลือกทั้งหมด (Select all)', 'data-testid': 'receipt-select-all' } as object,
                  }}
                />
              </TableCell>
            ) : null}
            <TableCell>วันที่นัด (Date)</TableCell>
            <TableCell>HN</TableCell>
            <TableCell>ชื่อผู้ป่วย (Patient)</TableCell>
            <TableCell align="right">ยอดเงิน (บาท)</TableCell>
            {tab === 'paid' ? <TableCell>ชำระโดย (Paid by)</TableCell> : null}
            {!boxes && canMark ? (
              <TableCell align="right">{tab === 'unpaid' ? 'บันทึกชำระ' : 'ยกเลิกชำระ'}</TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.requestId} hover data-testid="billing-detail-line" data-request-id={l.requestId}>
              {boxes ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={selected.has(l.requestId)}
                    onChange={() => toggle(l.requestId)}
                    slotProps={{
                      input: {
                        'aria-label': `เลือก ${l.patientName} (Select)`,
                        'data-testid': 'receipt-line-check',
                      } as object,
                    }}
                  />
                </TableCell>
              ) : null}
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDate(l.appointmentDate)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.hn}</TableCell>
              <TableCell>{l.patientName}</TableCell>
              <TableCell sx={moneyCell}>{formatBaht(l.totalPrice)}</TableCell>
              {tab === 'paid' ? (
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="billing-detail-paid-by">
                  {l.paidDocumentId ? (
                    <>
                      ใบเสร็จ <b>{l.paidDocumentId}</b>
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary" component="span">
                      บันทึกชำระเอง (Marked by hand)
                    </Typography>
                  )}
                </TableCell>
              ) : null}
              {!boxes && canMark ? (
                <TableCell align="right" sx={{ py: 0 }}>
                  <MarkButton line={l} paid={tab === 'unpaid'} busy={busy.has(l.requestId)} onMark={onMark} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MarkButton({
  line,
  paid,
  busy,
  onMark,
}: {
  line: Line;
  paid: boolean;
  busy: boolean;
  onMark: Props['onMark'];
}) {
  // A line a receipt paid goes back to unpaid only by voiding that receipt (decision acc06).
  const byReceipt = !paid && line.paidReceiptId !== null;
  const label = paid
    ? 'บันทึกว่าชำระแล้ว (Mark paid)'
    : byReceipt
      ? `ชำระด้วยใบเสร็จ ${line.paidDocumentId ?? ''}: ยกเลิกใบเสร็จก่อน (Void the receipt first)`
      : 'ยกเลิกการชำระ (Mark unpaid)';
  return (
    <Tooltip title={label}>
      <Box component="span">
        <IconButton
          size="small"
          color={paid ? 'success' : 'warning'}
          aria-label={label}
          disabled={busy || byReceipt}
          onClick={() => onMark(line, paid)}
          data-testid={paid ? 'billing-mark-paid' : 'billing-mark-unpaid'}
          data-busy={busy}
        >
          {busy ? (
            <CircularProgress size={18} data-testid="billing-line-spinner" />
          ) : paid ? (
            <CheckCircleOutlineRounded fontSize="small" />
          ) : (
            <UndoRounded fontSize="small" />
          )}
        </IconButton>
      </Box>
    </Tooltip>
  );
}
