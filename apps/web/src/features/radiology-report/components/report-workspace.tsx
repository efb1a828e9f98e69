import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ExamReport } from '@rangsi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/me';
import { examReportKey } from '../api/get-exam-report';
import { defaultSelection } from '../lib/report-form';
import { FinishedList } from './finished-list';
import { FinishedReportFrame } from './finished-report-frame';
import { ReportEditor } from './report-editor';

interface ReportWorkspaceProps {
  examId: string;
  reportName: string;
  report: ExamReport;
}

/** One report name: its finished versions on the left, the chosen one's PDF (or the editing form) on the right. */
export function ReportWorkspace({ examId, reportName, report }: ReportWorkspaceProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const [selection, setSelection] = useState<string | null>(() => defaultSelection(report));
  const [generation, setGeneration] = useState(0);
  const chosen = report.finishedReports.find((f) => f.finishedReportId === selection);
  const showEditor = selection === 'new' && report.access.canEdit;
  const audit = report.exam.reportAuditStatus;

  const reload = () => {
    void queryClient
      .refetchQueries({ queryKey: examReportKey(examId, reportName) })
      .then(() => setGeneration((g) => g + 1));
  };

  let main;
  if (showEditor) {
    main = (
      <ReportEditor
        key={`${report.access.nextVersionNo}-${generation}`}
        examId={examId}
        reportName={reportName}
        report={report}
        onReload={reload}
        onFinished={(result) => setSelection(result.finishedReport.finishedReportId)}
      />
    );
  } else if (chosen) {
    main = <FinishedReportFrame examId={examId} finished={chosen} />;
  } else {
    main = (
      <Box sx={{ m: 'auto', textAlign: 'center', p: 4 }} data-testid="report-empty">
        <Typography variant="subtitle1">{t('report.list.empty')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('report.list.emptyHint')}
        </Typography>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Box
        component="nav"
        sx={{
          width: 272,
          flex: 'none',
          borderRight: 1,
          borderColor: 'divider',
          overflowY: 'auto',
          bgcolor: 'background.paper',
        }}
      >
        <FinishedList report={report} selection={selection} onSelect={setSelection} />
      </Box>
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {audit === 'Rejected' ? (
          <Alert severity="error" sx={{ borderRadius: 0 }} data-testid="report-rejected">
            <strong>{t('report.audit.rejectedTitle')}</strong>{' '}
            {report.exam.latestMessage
              ? t('report.audit.rejectedMessage', { message: report.exam.latestMessage })
              : null}
          </Alert>
        ) : null}
        {me.roleName === 'Report Editor' ? (
          <Alert severity="info" sx={{ borderRadius: 0, py: 0 }} data-testid="report-editor-role">
            {t('report.editorRole')}
          </Alert>
        ) : null}
        {audit === 'WaitingForAudit' ? (
          <Alert severity="warning" sx={{ borderRadius: 0, py: 0 }} data-testid="report-waiting">
            {t('report.audit.waitingText')}
          </Alert>
        ) : null}
        {!report.access.canEdit && report.access.reason && report.access.reason !== 'notAccepted' ? (
          <Alert severity="info" sx={{ borderRadius: 0, py: 0 }} data-testid="report-read-only">
            {t(`report.readOnly.${report.access.reason as 'readOnlyRole' | 'notReviewer' | 'wrongState'}`)}
          </Alert>
        ) : null}
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{main}</Box>
      </Box>
    </Box>
  );
}
