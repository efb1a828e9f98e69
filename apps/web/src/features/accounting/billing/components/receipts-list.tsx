import BlockRounded from '@mui/icons-material/BlockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillingDetail } from '@rangsi/contract';
import { formatDateTime } from '@/lib/format-date';
import { receiptFileUrl } from '../api/billing-mutations';
import { moneyCell } from './billing-styles';
import { formatBaht } from '@rangsi/domain';

type BillingReceipt = BillingDetail['receipts'][number];

/** No internal names on screen (brief): the receipt types in Thai. */
const TYPE_TEXT: Record<BillingReceipt['type'], string> = { transfer: 'โอนเงิน', cheque: 'เช็ค' };

/** The batch's receipts (spec §3 Receipt), each opening its PDF; a live one can be voided, a voided one is struck through. */
export function ReceiptsList({
  billingId,
  receipts,
  onVoid,
}: {
  billingId: string;
  receipts: BillingReceipt[];
  onVoid: (receipt: BillingReceipt) => void;
}) {
  if (receipts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="billing-receipts-title" sx={{ mt: 2 }} data-testid="billing-receipts">
      <Typography variant="subtitle2" component="h3" id="billing-receipts-title" sx={{ mb: 0.5 }}>
        ใบเสร็จรับเงิน{' '}
        <Typography component="span" variant="inherit" color="text.secondary">
          Receipts
        </Typography>
      </Typography>
      <Table size="small" sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 }, '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>เลขที่ (No.)</TableCell>
            <TableCell>วันที่ (Date)</TableCell>
            <TableCell>ประเภท (Type)</TableCell>
            <TableCell>ธนาคาร / เลขที่ (Bank / No.)</TableCell>
            <TableCell align="right">รายการ · ยอด (Lines · total)</TableCell>
            <TableCell align="right">รับจริง (บาท)</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {receipts.map((r) => {
            const struck = r.isVoided ? { textDecoration: 'line-through', color: 'text.disabled' } : {};
            return (
              <TableRow
                key={r.receiptId}
                data-testid="billing-receipt"
                data-voided={r.isVoided}
                data-receipt-id={r.receiptId}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {r.isVoided ? (
                    <Box component="span" sx={struck}>
                      {r.receiptDocumentId}
                    </Box>
                  ) : (
                    <Link
                      href={receiptFileUrl(billingId, r.receiptId)}
                      target="_blank"
                      rel="noopener"
                      data-testid="billing-receipt-file"
                    >
                      {r.receiptDocumentId}
                    </Link>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', ...struck }}>
                  {formatDateTime(r.createdAt)}
                </TableCell>
                <TableCell sx={struck}>{TYPE_TEXT[r.type]}</TableCell>
                <TableCell sx={struck}>
                  {r.bankName} · {r.number}
                </TableCell>
                <TableCell sx={{ ...moneyCell, ...struck }}>
                  {r.requestIds.length} · {formatBaht(r.linesTotal)}
                </TableCell>
                <TableCell sx={{ ...moneyCell, ...struck }}>{formatBaht(r.amount)}</TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  {r.isVoided ? (
                    <Typography variant="caption" color="error.main" data-testid="billing-receipt-voided">
                      ยกเลิกแล้ว (Voided){r.voidedAt ? ` ${formatDateTime(r.voidedAt)}` : ''}: {r.voidReason}
                    </Typography>
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      startIcon={<BlockRounded />}
                      onClick={() => onVoid(r)}
                      data-testid="billing-receipt-void"
                    >
                      ยกเลิก (Void)
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
