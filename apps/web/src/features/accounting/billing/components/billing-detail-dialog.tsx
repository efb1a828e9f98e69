import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { BillingDetail, ReceiptType } from '@rangsi/contract';
import { formatBaht, formatSatang, satangOf } from '@rangsi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DownloadButton } from '@/components/download-button';
import { PageSpinner } from '@/components/page-spinner';
import { formatDate } from '@/lib/format-date';
import { openAfter } from '@/lib/open-window';
import { billingKeys } from '../api/billing-keys';
import { useBillingDetail } from '../api/billing-detail';
import {
  billingXlsxUrl,
  receiptFileUrl,
  statementUrl,
  useCreateReceipt,
  useMarkLine,
  useVoidReceipt,
} from '../api/billing-mutations';
import { sumSatang } from '../lib/billing-lines';
import { BILLING_NOTICE_MS } from './billing-styles';
import { DetailLinesTable } from './detail-lines-table';
import { EMPTY_RECEIPT, ReceiptForm, type ReceiptFields } from './receipt-form';
import { ReceiptsList } from './receipts-list';
import { VoidReceiptDialog } from './void-receipt-dialog';

type Line = BillingDetail['requests'][number];
type BillingReceipt = BillingDetail['receipts'][number];

/** /accounting/billing/{billingId} (spec §2, §4): a batch over the billing screen; closing goes back to the screen. */
export function BillingDetailDialog({ billingId, onClose }: { billingId: string; onClose: () => void }) {
  const detail = useBillingDetail(billingId);
  const d = detail.data;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="billing-detail-title"
      data-testid="billing-detail"
      slotProps={{ paper: { sx: { minHeight: '70vh' } } }}
    >
      <DialogTitle id="billing-detail-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          ใบวางบิล{' '}
          <Box component="span" data-testid="billing-detail-document">
            {d?.documentId ?? ''}
          </Box>{' '}
          <Typography component="span" color="text.secondary">
            (Billing detail)
          </Typography>
        </Box>
        <IconButton aria-label="ปิด (Close)" onClick={onClose} data-testid="billing-detail-close">
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      {detail.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <DialogContent dividers sx={{ pt: 1.5 }}>
        {detail.isPending ? (
          <PageSpinner />
        ) : detail.isError ? (
          <Alert severity="error" data-testid="billing-detail-load-error">
            {detail.error.message || 'โหลดใบวางบิลไม่สำเร็จ (Could not load the batch)'}
          </Alert>
        ) : d ? (
          <DetailBody detail={d} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailBody({ detail: d }: { detail: BillingDetail }) {
  const qc = useQueryClient();
  const [tab, setTab] = useState<'unpaid' | 'paid'>('unpaid');
  const [receiptMode, setReceiptMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [fields, setFields] = useState<ReceiptFields>(EMPTY_RECEIPT);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyLines, setBusyLines] = useState<ReadonlySet<string>>(new Set());
  const [voiding, setVoiding] = useState<BillingReceipt | null>(null);
  const mark = useMarkLine(d.billingId);
  const receipt = useCreateReceipt(d.billingId);
  const voidReceipt = useVoidReceipt(d.billingId);

  const unpaid = useMemo(() => d.requests.filter((l) => l.paidBillingId === null), [d.requests]);
  const paid = useMemo(() => d.requests.filter((l) => l.paidBillingId !== null), [d.requests]);
  // Lines paid meanwhile (another clerk, another tab) drop out of the receipt's selection.
  const chosen = unpaid.filter((l) => selected.has(l.requestId));
  const chosenSatang = sumSatang(chosen);

  const onMark = (line: Line, toPaid: boolean) => {
    setError(null);
    setBusyLines((s) => new Set(s).add(line.requestId));
    mark.mutate(
      { requestId: line.requestId, paid: toPaid },
      {
        onError: (e) => setError(e.message || 'บันทึกไม่สำเร็จ (Could not save)'),
        onSettled: () =>
          setBusyLines((s) => {
            const n = new Set(s);
            n.delete(line.requestId);
            return n;
          }),
      },
    );
  };

  const enterReceiptMode = () => {
    setReceiptMode(true);
    setTab('unpaid');
    setError(null);
    setWarning(null);
  };
  const leaveReceiptMode = () => {
    setReceiptMode(false);
    setSelected(new Set());
    setFields(EMPTY_RECEIPT);
    setWarning(null);
  };

  const issue = (body: { type: ReceiptType; bankName: string; number: string; amount: number }) => {
    setError(null);
    const requestIds = chosen.map((l) => l.requestId);
    void openAfter(
      (made: { receiptId: string }) => receiptFileUrl(d.billingId, made.receiptId),
      () => receipt.mutateAsync({ ...body, requestIds }),
      { rethrow: true },
    )
      .then((made) => {
        if (!made) return;
        // Spec §4: the lines show as paid by the receipt at once; the refetch that follows brings the rest.
        qc.setQueryData<BillingDetail>(
          billingKeys.detail(d.billingId),
          (old) =>
            old && {
              ...old,
              requests: old.requests.map((l) =>
                requestIds.includes(l.requestId)
                  ? {
                      ...l,
                      paidBillingId: d.billingId,
                      paidReceiptId: made.receiptId,
                      paidDocumentId: made.receiptDocumentId,
                      checked: false,
                    }
                  : l,
              ),
            },
        );
        leaveReceiptMode();
        setNotice(`ออกใบเสร็จ ${made.receiptDocumentId} สำเร็จ (Receipt issued)`);
      })
      .catch((e: unknown) =>
        setError(e instanceof Error && e.message ? e.message : 'ออกใบเสร็จไม่สำเร็จ (Could not issue the receipt)'),
      );
  };

  const confirmVoid = (reason: string) => {
    if (!voiding) return;
    voidReceipt.mutate(
      { receiptId: voiding.receiptId, reason },
      {
        onSuccess: () => {
          setVoiding(null);
          setNotice(`ยกเลิกใบเสร็จ ${voiding.receiptDocumentId} แล้ว (Receipt voided)`);
        },
      },
    );
  };

  const unpaidSatang = satangOf(d.totalPrice) - satangOf(d.paidPrice);
  return (
    <>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 1.5 }}
        data-testid="billing-detail-header"
      >
        <Box sx={{ flex: 1, minWidth: 280 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {d.hospitalName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {d.privilageName ?? 'ทุกสิทธิ (All privileges)'} · วันที่ (Dates){' '}
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatDate(d.startDate)} – {formatDate(d.endDate)}
            </Box>
          </Typography>
          <Chip
            size="small"
            sx={{ mt: 0.5 }}
            data-testid="billing-detail-printed"
            color={d.isPrinted ? 'default' : 'warning'}
            variant="outlined"
            label={d.isPrinted ? 'พิมพ์ใบวางบิลแล้ว (Printed)' : 'ยังไม่พิมพ์ใบวางบิล (Not printed)'}
          />
        </Box>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, fontVariantNumeric: 'tabular-nums' }}
          data-testid="billing-detail-totals"
        >
          <Typography variant="body2" color="text.secondary">
            ยอดรวม (Total)
          </Typography>
          <Typography variant="body2" align="right" sx={{ fontWeight: 600 }}>
            {formatBaht(d.totalPrice)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            ชำระแล้ว (Paid)
          </Typography>
          <Typography variant="body2" align="right" color="success.main" data-testid="billing-detail-paid-total">
            {formatBaht(d.paidPrice)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            ค้างชำระ (Unpaid)
          </Typography>
          <Typography
            variant="body2"
            align="right"
            color={unpaidSatang > 0 ? 'error.main' : 'text.primary'}
            data-testid="billing-detail-unpaid-total"
          >
            {formatSatang(unpaidSatang)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<PrintRounded />}
            href={statementUrl(d.billingId, d.isPrinted)}
            target="_blank"
            rel="noopener"
            data-testid="billing-print"
          >
            {d.isPrinted ? 'พิมพ์ใบวางบิลซ้ำ (Reprint)' : 'พิมพ์ใบวางบิล (Print statement)'}
          </Button>
          <DownloadButton
            href={billingXlsxUrl(d.billingId)}
            fileName={`${d.documentId ?? 'billing'}.xlsx`}
            onError={setError}
            data-testid="billing-xlsx"
          >
            ส่งออก Excel (Export XLSX)
          </DownloadButton>
          {receiptMode ? (
            <Button
              variant="outlined"
              startIcon={<ArrowBackRounded />}
              onClick={leaveReceiptMode}
              data-testid="receipt-back"
            >
              ย้อนกลับ (Back)
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<ReceiptLongRounded />}
              onClick={enterReceiptMode}
              disabled={unpaid.length === 0}
              data-testid="receipt-mode"
            >
              ออกใบเสร็จ (Issue receipt)
            </Button>
          )}
        </Box>
      </Box>

      {error ? (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }} data-testid="billing-detail-error">
          {error}
        </Alert>
      ) : null}

      <Tabs
        value={tab}
        onChange={(_e, v: 'unpaid' | 'paid') => setTab(v)}
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
      >
        <Tab
          value="unpaid"
          label={`ค้างชำระ (Unpaid) ${unpaid.length}`}
          data-testid="billing-tab-unpaid"
          sx={{ minHeight: 40 }}
        />
        <Tab
          value="paid"
          label={`ชำระแล้ว (Paid) ${paid.length}`}
          disabled={receiptMode}
          data-testid="billing-tab-paid"
          sx={{ minHeight: 40 }}
        />
      </Tabs>
      <DetailLinesTable
        lines={tab === 'unpaid' ? unpaid : paid}
        tab={tab}
        selecting={receiptMode}
        selected={selected}
        onSelect={(next) => {
          setSelected(next);
          setFields((f) => ({ ...f, amount: null }));
          setWarning(null);
        }}
        busy={busyLines}
        onMark={onMark}
        canMark={!receiptMode}
      />

      {receiptMode ? (
        <ReceiptForm
          fields={fields}
          onChange={setFields}
          selectedCount={chosen.length}
          selectedSatang={chosenSatang}
          warning={warning}
          onWarning={setWarning}
          busy={receipt.isPending}
          onSubmit={issue}
        />
      ) : null}

      <ReceiptsList
        billingId={d.billingId}
        receipts={d.receipts}
        onVoid={(r) => {
          voidReceipt.reset();
          setVoiding(r);
        }}
      />

      {voiding ? (
        <VoidReceiptDialog
          receiptDocumentId={voiding.receiptDocumentId}
          busy={voidReceipt.isPending}
          error={voidReceipt.error?.message ?? null}
          onCancel={() => setVoiding(null)}
          onConfirm={confirmVoid}
        />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={BILLING_NOTICE_MS}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity="success" variant="filled" data-testid="billing-notice">
            {notice}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
