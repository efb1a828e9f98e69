import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import PrintDisabledRounded from '@mui/icons-material/PrintDisabledRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BillingHistoryEntry } from '@rangsi/contract';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { useBillingHistory } from '../api/billing-history';
import { BILLING_HISTORY_HEIGHT } from './billing-styles';

/** Spec §2/§3 history side list: the chosen hospital's batches, newest first, each opening its detail dialog. */
export function BillingHistoryList({
  hospitalId,
  currentBillingId,
}: {
  hospitalId: number | null;
  currentBillingId: string | null;
}) {
  const history = useBillingHistory(hospitalId);
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="billing-history-title"
      aria-busy={history.isFetching}
      data-testid="billing-history"
    >
      <Box sx={{ px: 1.5, py: 1 }}>
        <Typography variant="subtitle2" component="h2" id="billing-history-title">
          ประวัติการวางบิล{' '}
          <Typography component="span" variant="inherit" color="text.secondary">
            History
          </Typography>
        </Typography>
      </Box>
      {history.isFetching && !history.isFetchingNextPage ? (
        <LinearProgress sx={{ height: 2 }} />
      ) : (
        <Box sx={{ height: 2 }} />
      )}
      <Box sx={{ maxHeight: BILLING_HISTORY_HEIGHT, overflowY: 'auto' }} data-testid="billing-history-scroll">
        {hospitalId === null ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 2 }}>
            เลือกโรงพยาบาลเพื่อดูประวัติ (Choose a hospital to see its batches)
          </Typography>
        ) : history.isError ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {history.error.message || 'โหลดไม่สำเร็จ (Could not load)'}
          </Alert>
        ) : history.isSuccess && entries.length === 0 ? (
          <Typography sx={{ px: 1.5, py: 2 }} color="text.secondary" data-testid="billing-history-empty">
            ไม่พบข้อมูล
          </Typography>
        ) : (
          <List dense disablePadding>
            {entries.map((e) => (
              <HistoryEntry key={e.billingId} entry={e} current={e.billingId === currentBillingId} />
            ))}
          </List>
        )}
        {history.hasNextPage ? (
          <Box sx={{ p: 1, textAlign: 'center' }}>
            <Button
              size="small"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
              data-testid="billing-history-more"
              startIcon={history.isFetchingNextPage ? <CircularProgress size={14} /> : undefined}
            >
              โหลดเพิ่ม (Load more)
            </Button>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}

function HistoryEntry({ entry: e, current }: { entry: BillingHistoryEntry; current: boolean }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={`/accounting/billing/${e.billingId}`}
      selected={current}
      divider
      data-testid="billing-history-entry"
      data-billing-id={e.billingId}
      data-highlight={e.isHighlight}
      sx={{
        display: 'block',
        py: 0.75,
        ...(e.isHighlight
          ? { bgcolor: (t) => t.palette.status.dueSoon.soft, borderLeft: 4, borderLeftColor: 'warning.main' }
          : { borderLeft: 4, borderLeftColor: 'transparent' }),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          data-testid="billing-history-document"
        >
          {e.documentId}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {e.isAllPaid ? (
          <Chip
            size="small"
            color="success"
            icon={<CheckCircleRounded />}
            label="ชำระครบ (Paid)"
            data-testid="billing-history-paid"
          />
        ) : null}
      </Box>
      <Typography variant="caption" component="div" color="text.secondary">
        {e.privilageName ?? 'ทุกสิทธิ (All privileges)'}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatDate(e.startDate)} – {formatDate(e.endDate)}
      </Typography>
      {e.isHighlight ? (
        <Typography
          variant="caption"
          component="div"
          sx={{ color: 'warning.main', display: 'flex', alignItems: 'center', gap: 0.5 }}
          data-testid="billing-history-unprinted"
        >
          <PrintDisabledRounded sx={{ fontSize: 14 }} /> ยังไม่พิมพ์ใบวางบิล (Statement not printed)
        </Typography>
      ) : null}
      {e.receipts.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {e.receipts.map((r) => (
            <Chip
              key={r.receiptId}
              size="small"
              variant="outlined"
              label={r.receiptDocumentId}
              data-testid="billing-history-receipt"
              data-voided={r.isVoided}
              title={r.isVoided ? 'ใบเสร็จถูกยกเลิก (Voided)' : 'ใบเสร็จรับเงิน (Receipt)'}
              sx={r.isVoided ? { textDecoration: 'line-through', color: 'text.disabled' } : undefined}
            />
          ))}
        </Box>
      ) : null}
    </ListItemButton>
  );
}
