import AddRounded from '@mui/icons-material/AddRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import type { ExportLink, RequestRow, RequestSearch } from '@rangsi/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { useCreateExportLink } from '@/api/export-link';
import { useDecideCustomPrice, useDeleteRequests, fetchDeleteReasons } from './api/request-mutations';
import { useSearchRequests, type RequestSearchRun } from './api/search-requests';
import { DeleteReasonDialog } from './components/delete-reason-dialog';
import { ExportLinkDialog } from '@/components/export-link-dialog';
import { initialFields, RequestSearchForm } from './components/request-search-form';
import { RequestTable } from './components/request-table';
import { useCountdown } from './hooks/use-countdown';
import { defaultStartOffsetDays } from './lib/default-start-date';
import { formatResultTotal } from '@/lib/result-total';
import { addDays, bangkokToday } from '@rangsi/domain';

const AUTO_REFRESH_SECONDS = 300;

/** /request: the request search (REQUEST_SEARCH) and list with bulk delete, Hold and custom-price approval (spec §2, §4, §5). */
export function RequestListPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const can = useCallback((p: string) => me.permissions.includes(p), [me.permissions]);
  const start = addDays(bangkokToday(), defaultStartOffsetDays(me.roleName));
  const today = bangkokToday();
  const [run, setRun] = useState<RequestSearchRun>(() => ({
    search: { startDate: start, endDate: today, page: 1 },
    runAt: Date.now(),
  }));
  const result = useSearchRequests(run);
  const rerun = useCallback(() => setRun((r) => ({ ...r, runAt: Date.now() })), []);
  const secondsLeft = useCountdown(run.runAt, AUTO_REFRESH_SECONDS, rerun);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<{ reasons: string[] } | null>(null);
  const location = useLocation();
  const carried = location.state as { savedNotice?: string; hideAt?: number } | null;
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string; ms?: number } | null>(() =>
    carried?.savedNotice
      ? { severity: 'success', text: carried.savedNotice, ms: Math.max(1000, (carried.hideAt ?? 0) - Date.now()) }
      : null,
  );
  const [exported, setExported] = useState<{ link?: ExportLink; error: string | null } | null>(null);
  const remove = useDeleteRequests();
  const decide = useDecideCustomPrice();
  const exportLink = useCreateExportLink();
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);

  const search = (s: RequestSearch) => {
    setSelected(new Set());
    setRun({ search: { ...s, page: 1 }, runAt: Date.now() });
  };
  const toggle = (id: string) =>
    setSelected((prev) => {
      const n = new Set(prev);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const toggleAll = () =>
    setSelected((prev) =>
      rows.every((r) => prev.has(r.requestId)) ? new Set() : new Set(rows.map((r) => r.requestId)),
    );
  const openDelete = async () => {
    const first = [...selected][0];
    const reasons = first
      ? await fetchDeleteReasons(first)
          .then((r) => r.reasonOptions)
          .catch(() => [])
      : [];
    setDeleting({ reasons });
  };
  const confirmDelete = (remark: string) => {
    remove.mutate(
      { ids: [...selected], remark },
      {
        onSuccess: ({ failed }) => {
          setDeleting(null);
          setSelected(new Set());
          setNotice(
            failed > 0
              ? { severity: 'error', text: t('request.delete.failed', { count: failed }) }
              : { severity: 'success', text: t('request.delete.done') },
          );
        },
      },
    );
  };
  const onExport = (row: RequestRow) => {
    setExported({ error: null });
    exportLink.mutate(row.requestId, {
      onSuccess: (link) => setExported({ link, error: null }),
      onError: (e) => setExported({ error: e.message }),
    });
  };
  const onDecide = (row: RequestRow, decision: 'approve' | 'reject') => {
    if (row.customPriceId === null) return;
    decide.mutate(
      { requestId: row.requestId, customPriceId: row.customPriceId, decision },
      {
        onSuccess: () =>
          setNotice({
            severity: 'success',
            text: t(decision === 'approve' ? 'request.list.approved' : 'request.list.rejected'),
          }),
      },
    );
  };
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (result.data?.pageSize ?? 50)));

  return (
    <Box sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="request-list-page">
      {can('REQUEST_SEARCH') ? (
        <RequestSearchForm
          initial={initialFields(start, today)}
          onSearch={search}
          secondsLeft={secondsLeft}
          busy={result.isFetching}
        />
      ) : null}
      <Paper variant="outlined" component="section" aria-label={t('request.list.title')} aria-busy={result.isFetching}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, minHeight: 44 }}>
          <Typography variant="subtitle2" component="h2" data-testid="request-total">
            {t('request.list.total', { count: total, shown: formatResultTotal(total, result.data?.totalIsEstimate) })}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {can('REQUEST_DELETE') ? (
            <Button
              size="small"
              color="error"
              variant="outlined"
              startIcon={<DeleteRounded />}
              disabled={selected.size === 0}
              onClick={() => void openDelete()}
              data-testid="request-bulk-delete"
            >
              {t('request.delete.button', { count: selected.size })}
            </Button>
          ) : null}
          {can('REQUEST_CREATE') ? (
            <Button
              size="small"
              variant="contained"
              startIcon={<AddRounded />}
              component={RouterLink}
              to="/request/new"
              data-testid="request-new"
            >
              {t('request.list.new')}
            </Button>
          ) : null}
        </Box>
        {result.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {result.isSuccess && rows.length === 0 ? (
          <Box sx={{ py: 5, textAlign: 'center' }} data-testid="request-empty">
            <Typography variant="subtitle1">No result</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('request.list.emptyHint')}
            </Typography>
          </Box>
        ) : (
          <RequestTable
            rows={rows}
            can={can}
            showHn={me.roleName === 'Hospital'}
            showApproval={me.roleName === 'Administrator'}
            selectable={can('REQUEST_DELETE')}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onExport={onExport}
            onDecide={onDecide}
            deciding={decide.isPending}
          />
        )}
        {pages > 1 ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
            <Pagination
              size="small"
              count={pages}
              page={run.search.page ?? 1}
              onChange={(_, page) => setRun((r) => ({ search: { ...r.search, page }, runAt: Date.now() }))}
            />
          </Box>
        ) : null}
      </Paper>
      {deleting ? (
        <DeleteReasonDialog
          count={selected.size}
          reasons={deleting.reasons}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      ) : null}
      {exported ? (
        <ExportLinkDialog link={exported.link} error={exported.error} onClose={() => setExported(null)} />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.ms ?? 4000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" data-testid="request-notice">
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
