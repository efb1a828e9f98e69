import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useReportList } from './api/get-report-list';
import { ReportFrame, type ReportRun } from './components/report-frame';
import { ReportParameterForm } from './components/report-parameter-form';
import { ReportTabs } from './components/report-tabs';
import { initialValues, submitValues, type FormValues } from './lib/report-form';
import { branchKind, REPORT_PREFIX, routeBase, type ReportKind } from './lib/report-kinds';

/**
 * The report screens of spec §2 other than the radiology report: /branch_report/{daily|monthly}/{reportName?},
 * /doctor_report/{reportName?}, /center_report/{reportName?}, /accounting_report/{id}/{reportName?},
 * /billing_report/{billingId}/{reportName?} (?new=true) and /reportviewer/{requestId}/sticker. Full window (they open
 * in a new one): report-name tabs, the report's parameters, and the PDF in a frame.
 */
export function ReportViewerPage({ kind: given }: { kind: ReportKind | 'branch' }) {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const kind = given === 'branch' ? branchKind(params.mode) : given;
  const id = params.id ?? params.requestId;
  const list = useReportList(kind ? REPORT_PREFIX[kind] : '', search.get('examBranchId'));
  const reports = useMemo(() => list.data ?? [], [list.data]);
  const current = params.reportName
    ? reports.find((r) => r.reportName.toLowerCase() === params.reportName!.toLowerCase())
    : reports[0];
  const pageTitle = kind ? t(`reportViewer.kinds.${kind}`) : t('reportViewer.title');
  const initial = useMemo<FormValues | null>(
    () => (current ? initialValues(current, search, id) : null),
    [current, search, id],
  );
  const [run, setRun] = useState<ReportRun | null>(null);

  useEffect(() => {
    document.title = `${current?.title ?? pageTitle} · Rangsi`;
  }, [current, pageTitle]);

  // A report opens with its starting values at once when they are complete (the sticker, an invoice, today's report).
  useEffect(() => {
    if (!current || !initial) return;
    const ready = submitValues(current.fields, initial);
    setRun('values' in ready ? { reportName: current.reportName, values: ready.values, at: Date.now() } : null);
  }, [current, initial]);

  if (!kind)
    return (
      <Centered>
        <Alert severity="warning">{t('reportViewer.unknownScreen')}</Alert>
      </Centered>
    );

  const selectTab = (reportName: string) => {
    // Spec §2: the route follows the tab and keeps the query string.
    void navigate(`${routeBase(kind, id)}/${encodeURIComponent(reportName)}${location.search}`);
  };

  let body;
  if (list.isPending) body = <PageSpinner label={t('reportViewer.loadingList')} />;
  else if (list.isError) {
    body = (
      <Centered>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('error.retry')}
            </Button>
          }
        >
          {list.error.message || t('reportViewer.listFailed')}
        </Alert>
      </Centered>
    );
  } else if (reports.length === 0)
    body = (
      <Centered>
        <Alert severity="info" data-testid="report-none">
          {t('reportViewer.none')}
        </Alert>
      </Centered>
    );
  else if (!current || !initial) {
    body = (
      <Centered>
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to={`${routeBase(kind, id)}${location.search}`} color="inherit" size="small">
              {t('reportViewer.firstReport')}
            </Button>
          }
        >
          {t('reportViewer.notFound', { name: params.reportName })}
        </Alert>
      </Centered>
    );
  } else {
    const hasVisible = current.fields.some((f) => f.kind !== 'hidden');
    body = (
      <>
        {hasVisible ? (
          <ReportParameterForm
            key={`${current.reportName}${location.search}`}
            fields={current.fields}
            initial={initial}
            busy={false}
            onSubmit={(values) => setRun({ reportName: current.reportName, values, at: Date.now() })}
          />
        ) : null}
        <ReportFrame run={run} title={current.title} />
      </>
    );
  }

  return (
    <Box
      sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      data-testid="report-viewer"
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 3,
          px: 2,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          minHeight: 52,
        }}
      >
        <Typography component="h1" variant="h6" noWrap sx={{ flex: 'none' }}>
          {pageTitle}
        </Typography>
        {kind !== 'sticker' && reports.length > 0 && current ? (
          <ReportTabs reports={reports} current={current.reportName} onSelect={selectTab} />
        ) : null}
      </Box>
      {body}
    </Box>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <Box sx={{ m: 'auto', p: 3, maxWidth: 640 }}>{children}</Box>;
}
