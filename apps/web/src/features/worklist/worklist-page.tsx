import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Exam } from '@rangsi/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { AssignDialog } from './components/assign-dialog';
import { ClientTabs } from './components/client-tabs';
import { CompletedSection } from './components/completed-section';
import { DicomImportDialog } from './components/dicom-import-dialog';
import { DocumentsDialog } from './components/documents-dialog';
import { EditExamDialog } from './components/edit-exam-dialog';
import { ExamConfirmDialog } from './components/exam-confirm-dialog';
import { ExportFilmDialog } from './components/export-film-dialog';
import { HistoryDialog } from './components/history-dialog';
import { SearchPanel } from './components/search-panel';
import { SuccessSnackbar } from './components/success-snackbar';
import { WorklistEmpty } from './components/worklist-empty';
import { WorklistPager } from './components/worklist-pager';
import { WorklistTable } from './components/worklist-table';
import { WorkstationDialog } from './components/workstation-download-dialog';
import { useNow } from './hooks/use-now';
import { useWorklist } from './hooks/use-worklist';
import { useWorklistDialogs } from './hooks/use-worklist-dialogs';
import { CLOCK_REFRESH_MS } from './lib/constants';
import { worklistCapabilities } from './lib/worklist-capabilities';
import { worklistColumns } from './lib/worklist-columns';
import { formatResultTotal } from '@/lib/result-total';

/** Spec §2 Exam list (worklist), at /pacs and /record: search panel, client tabs, the list, its dialogs. */
export function WorklistPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // Who the server shows unmatched studies to (docs/decisions/d16-who-sees-unmatched-studies-who.md): administrators and branch staff who approve images.
  const seesUnmatched =
    me.permissions.includes('EXAM_DICOM_APPROVE') && (me.roleName === 'Administrator' || me.roleName === 'Staff');
  const can = useMemo(() => worklistCapabilities(me), [me]);
  const columns = useMemo(() => worklistColumns(can), [can]);
  const [completedOpen, setCompletedOpen] = useState(false);

  const onLocated = useCallback(
    (row: Exam) => {
      if (can.collapseCompleted && row.status === 'Completed') setCompletedOpen(true);
      scrollToRow(row.examId);
    },
    [can.collapseCompleted],
  );

  const worklist = useWorklist(can, onLocated);
  const { state, query, rows, total, clients, showTabs, resolving, hashAccession } = worklist;
  const now = useNow(CLOCK_REFRESH_MS);
  const { dialog, close, actions } = useWorklistDialogs(can);

  // A Doctor's completed records wait below, collapsed (spec §2); everyone else sees one list.
  const openRows = can.collapseCompleted ? rows.filter((r) => r.status !== 'Completed') : rows;
  const completedRows = can.collapseCompleted ? rows.filter((r) => r.status === 'Completed') : [];
  // The live row for an open dialog: after an action or a conflict it is the fresh one.
  const dialogExam = dialog ? (rows.find((r) => r.examId === dialog.exam.examId) ?? dialog.exam) : null;

  const loading = query.isPending || resolving;
  const busy = query.isFetching || resolving;
  const empty = query.isSuccess && !resolving && rows.length === 0;

  return (
    <Box sx={{ px: 1.5, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="worklist-page">
      <SearchPanel state={state} searching={query.isFetching || resolving} />
      {can.isReportEditor ? (
        <Alert severity="info" variant="outlined" sx={{ py: 0 }} data-testid="editor-role">
          {t('worklist.list.editorRole')}
        </Alert>
      ) : null}

      <Paper
        variant="outlined"
        component="section"
        aria-label={t('worklist.list.label')}
        aria-busy={busy}
        data-testid="worklist-list"
        data-busy={busy ? 'true' : 'false'}
        sx={{ position: 'relative' }}
      >
        {showTabs ? <ClientTabs clients={clients} selected={state.run.clientId} onSelect={state.setClient} /> : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, minHeight: 36 }}>
          <Typography
            variant="subtitle2"
            component="h2"
            data-testid="worklist-total"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {query.isSuccess && !resolving
              ? t('worklist.list.total', {
                  count: total,
                  shown: formatResultTotal(total, query.data.totalIsEstimate),
                })
              : t('worklist.loading')}
          </Typography>
          {busy && rows.length > 0 ? (
            <Typography variant="caption" color="text.secondary" role="status">
              {t('worklist.list.refreshing')}
            </Typography>
          ) : null}
          {seesUnmatched ? (
            <Button
              component={RouterLink}
              to="/dicom/unmatched"
              size="small"
              sx={{ ml: 'auto' }}
              data-testid="unmatched-link"
            >
              {t('dicomUnmatched.title')}
            </Button>
          ) : null}
        </Box>
        {/* Progress without blanking the rows (keepPreviousData): staff keep reading while it refreshes. */}
        {busy ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}

        {empty ? (
          <WorklistEmpty />
        ) : (
          <WorklistTable
            rows={openRows}
            columns={columns}
            can={can}
            actions={actions}
            now={now}
            highlightedAccession={hashAccession}
            // While a doctor's first tab is being chosen the rows on hand mix every client: show placeholders instead.
            loading={loading}
            label={t('worklist.list.label')}
            testId="worklist-table"
          />
        )}

        {can.collapseCompleted && !empty && !loading ? (
          <CompletedSection
            count={completedRows.length}
            open={completedOpen}
            onToggle={() => setCompletedOpen((open) => !open)}
          >
            <WorklistTable
              rows={completedRows}
              columns={columns}
              can={can}
              actions={actions}
              now={now}
              highlightedAccession={hashAccession}
              stickyHeader={false}
              label={t('worklist.list.showCompleted')}
              testId="worklist-completed-table"
            />
          </CompletedSection>
        ) : null}

        {query.isSuccess && !resolving && total > 0 ? (
          <WorklistPager
            page={query.data.page}
            total={total}
            totalIsEstimate={query.data.totalIsEstimate}
            onPage={(page) => {
              state.setPage(page);
              window.scrollTo({ top: 0 });
            }}
          />
        ) : null}
      </Paper>

      {dialog && dialogExam ? (
        <WorklistDialogs dialog={dialog} exam={dialogExam} can={can} onClose={close} onOpen={actions.open} />
      ) : null}
      <SuccessSnackbar />
    </Box>
  );
}

type Dialogs = ReturnType<typeof useWorklistDialogs>;

function WorklistDialogs({
  dialog,
  exam,
  can,
  onClose,
  onOpen,
}: {
  dialog: NonNullable<Dialogs['dialog']>;
  exam: Exam;
  can: ReturnType<typeof worklistCapabilities>;
  onClose: () => void;
  onOpen: (dialog: NonNullable<Dialogs['dialog']>) => void;
}) {
  switch (dialog.kind) {
    case 'documents':
      return <DocumentsDialog exam={exam} kind={dialog.uploadKind} canUpload={can.uploadDocuments} onClose={onClose} />;
    case 'edit':
      return <EditExamDialog exam={exam} onClose={onClose} />;
    case 'assign':
      return <AssignDialog exam={exam} onClose={onClose} />;
    case 'history':
      return <HistoryDialog exam={exam} pacsLink={can.pacsLink} onClose={onClose} />;
    case 'importDicom':
      return <DicomImportDialog exam={exam} onClose={onClose} />;
    case 'workstation':
      return <WorkstationDialog service={dialog.service} exam={exam} onClose={onClose} />;
    case 'exportFilm':
      return <ExportFilmDialog exam={exam} onClose={onClose} />;
    case 'confirm':
      return (
        <ExamConfirmDialog
          action={dialog.action}
          exam={exam}
          then={dialog.then}
          onClose={onClose}
          onContinue={onOpen}
        />
      );
  }
}

/** Brings the hash's row into view once it is rendered (a just-expanded section renders a frame later). */
function scrollToRow(examId: string): void {
  window.requestAnimationFrame(() =>
    window.requestAnimationFrame(() => {
      document
        .querySelector(`[data-testid="worklist-row"][data-exam-id="${CSS.escape(examId)}"]`)
        ?.scrollIntoView({ block: 'center' });
    }),
  );
}
