import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { needsAcceptance, RADIOLOGY_REPORT_NAME } from '@rangsi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useCurrentUser } from '@/api/me';
import { PageSpinner } from '@/components/page-spinner';
import { examReportKey, useExamReport } from './api/get-exam-report';
import { useReportList } from './api/get-report-list';
import { AcceptGate } from '@/components/accept-gate';
import { acceptReportExam } from './api/accept-report-exam';
import { ReportHeader } from './components/report-header';
import { ReportTabs } from './components/report-tabs';
import { ReportWorkspace } from './components/report-workspace';
import { reportTabPath, reportTabs, selectedTab } from './lib/report-tabs';

/**
 * Spec §2 Report screens: /report/{examId}?examBranchId= and /report/{examId}/{reportName?}, in its own window. Tabs
 * by report name (GET /api/reports/reportlist?prefix=pacs); a tab pushes the route with its name and keeps the query
 * string. Access follows spec §5 on the server; refusals are shown here in place of the report.
 */
export function ReportPage() {
  const { examId = '', reportName } = useParams();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const examBranchId = new URLSearchParams(location.search).get('examBranchId');
  const list = useReportList(examBranchId);
  const tabs = reportTabs(list.data ?? [RADIOLOGY_REPORT_NAME]);
  const tab = selectedTab(tabs, reportName);
  const name = tab?.name ?? RADIOLOGY_REPORT_NAME;
  const report = useExamReport(examId, name);
  const exam = report.data?.exam;

  useEffect(() => {
    document.title = exam ? `${t('report.title')} ${exam.accessionNumber ?? ''} ${exam.hn}` : t('report.title');
  }, [exam, t]);

  let body;
  if (report.isPending) body = <PageSpinner label={t('report.loading')} />;
  else if (report.isError) {
    const status = report.error instanceof ApiError ? report.error.status : 0;
    const message = status === 404 ? t('report.error.notFound') : report.error.message || t('report.error.load');
    body = (
      <Alert
        severity={status === 403 ? 'warning' : 'error'}
        sx={{ m: 'auto', maxWidth: 640 }}
        data-testid="report-error"
        data-status={status}
        action={
          status === 0 || status >= 500 ? (
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              {t('report.error.retry')}
            </Button>
          ) : undefined
        }
      >
        {message}
      </Alert>
    );
  } else if (needsAcceptance(report.data.exam, { isDoctor: me.roleName === 'Doctor', userId: me.userId })) {
    body = (
      <AcceptGate
        exam={report.data.exam}
        words="report.accept"
        accept={() => acceptReportExam(report.data.exam)}
        onAccepted={() => void queryClient.invalidateQueries({ queryKey: examReportKey(examId, name) })}
      />
    );
  } else {
    body = <ReportWorkspace key={`${examId}-${name}`} examId={examId} reportName={name} report={report.data} />;
  }

  return (
    <Box
      sx={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        overflow: 'hidden',
      }}
      data-testid="report-page"
      data-report-name={name}
    >
      <ReportHeader exam={exam} />
      <ReportTabs
        tabs={tabs}
        selected={tab?.name}
        onSelect={(next) => void navigate(reportTabPath(examId, next, location.search))}
      />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{body}</Box>
    </Box>
  );
}
