import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BillingCreated } from '@rangsi/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { openAfter } from '@/lib/open-window';
import { useBillingCondition } from './api/billing-condition';
import { statementUrl } from './api/billing-mutations';
import { useCreateBilling } from './api/create-billing';
import { useBillingSearch, type BillingSearchRun } from './api/search-billing';
import { BillingAgingPanel } from './components/billing-aging-panel';
import { BillingDetailDialog } from './components/billing-detail-dialog';
import { BillingFilter } from './components/billing-filter';
import { BillingHistoryList } from './components/billing-history-list';
import { BillingResults } from './components/billing-results';

/**
 * /accounting/billing (spec §2 Billing screen, §4 Billing): filter, results with the batch footer, the hospital's
 * unpaid amounts by age and its history; /accounting/billing/{billingId} opens a batch's detail dialog over it.
 */
export function BillingPage({ billingId }: { billingId: string | null }) {
  const navigate = useNavigate();
  const condition = useBillingCondition();
  const [hospitalId, setHospitalId] = useState<number | null>(null);
  const [run, setRun] = useState<BillingSearchRun | null>(null);
  const result = useBillingSearch(run);
  const create = useCreateBilling();

  const createBatch = (requestIds: string[]) => {
    if (!run) return;
    const { startDate, endDate, hospitalId: hospital, privilegeId } = run.search;
    // Spec §4: the new batch's statement opens in a new window, and its detail over this screen.
    void openAfter(
      (made: BillingCreated) => statementUrl(made.billingId, false),
      () => create.mutateAsync({ startDate, endDate, hospital, privilageId: privilegeId ?? null, requestIds }),
    ).then((made) => {
      if (made) void navigate(`/accounting/billing/${made.billingId}`);
    });
  };

  if (condition.isPending) return <PageSpinner />;
  if (condition.isError)
    return <Alert severity="error">{condition.error.message || 'โหลดข้อมูลไม่สำเร็จ (Could not load)'}</Alert>;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="billing-page">
      <BillingFilter
        hospitals={condition.data.hospitals}
        defaultStartDate={condition.data.defaultStartDate}
        defaultEndDate={condition.data.defaultEndDate}
        busy={result.isFetching}
        onHospital={setHospitalId}
        onSearch={(search) => setRun({ search, runAt: Date.now() })}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 290px', gap: 1.5, alignItems: 'start' }}>
        <Paper
          variant="outlined"
          component="section"
          aria-label="ผลการค้นหา (Results)"
          aria-busy={result.isFetching}
          data-testid="billing-results"
        >
          {result.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
          {run === null ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              เลือกช่วงวันที่และโรงพยาบาล แล้วกดค้นหา (Choose the dates and a hospital, then Search)
            </Typography>
          ) : result.isError ? (
            <Alert severity="error" sx={{ m: 1 }} data-testid="billing-search-error">
              {result.error.message || 'ค้นหาไม่สำเร็จ (Search failed)'}
            </Alert>
          ) : result.data ? (
            <BillingResults
              key={result.dataUpdatedAt}
              rows={result.data.rows}
              truncated={result.data.truncated}
              creating={create.isPending}
              onCreate={createBatch}
            />
          ) : null}
        </Paper>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <BillingAgingPanel hospitalId={hospitalId} />
          <BillingHistoryList hospitalId={hospitalId} currentBillingId={billingId} />
        </Box>
      </Box>
      {billingId ? (
        <BillingDetailDialog
          key={billingId}
          billingId={billingId}
          onClose={() => void navigate('/accounting/billing')}
        />
      ) : null}
    </Box>
  );
}
