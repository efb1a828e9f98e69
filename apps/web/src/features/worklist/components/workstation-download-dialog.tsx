import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Exam } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '@/api/site';
import { helperUrlOf } from '../lib/workstation-helpers';
import { useWorkstationDownload, type DownloadView, type WorkstationService } from '../hooks/use-workstation-download';
import { ExamDialogTitle } from './exam-dialog-title';

/** The dialog for the row's CD or RadiAnt action, at the helper address the site config gives (spec §7). */
export function WorkstationDialog({ service, exam, onClose }: Omit<WorkstationDownloadDialogProps, 'helperUrl'>) {
  const helperUrl = helperUrlOf(useSiteConfig().data, service);
  // The menu offers the action only when the address is known; the site config is already loaded by then.
  if (!helperUrl) return null;
  return <WorkstationDownloadDialog service={service} helperUrl={helperUrl} exam={exam} onClose={onClose} />;
}

interface WorkstationDownloadDialogProps {
  service: WorkstationService;
  /** The helper's base URL from the site config (spec §7). */
  helperUrl: string;
  exam: Exam;
  onClose: () => void;
}

/**
 * Spec §2 Download DICOM to CD Folder and Download to RadiAnt: the workstation helper downloads the exam's images
 * (and builds the disc image, or opens the viewer) while this dialog shows its progress, then COMPLETED or ERROR.
 */
export function WorkstationDownloadDialog({ service, helperUrl, exam, onClose }: WorkstationDownloadDialogProps) {
  const { t } = useTranslation();
  const view = useWorkstationDownload(helperUrl, exam);
  const titleId = 'workstation-download-title';
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="workstation-download-dialog"
      data-service={service}
      data-phase={view.phase}
    >
      <ExamDialogTitle
        id={titleId}
        title={t(`worklist.workstation.${service}.title`)}
        subtitle={t('worklist.documents.subtitle', {
          accession: exam.accessionNumber ?? '—',
          patient: exam.patientName,
        })}
        onClose={onClose}
      />
      <DialogContent sx={{ minHeight: 120 }}>
        <DownloadBody service={service} view={view} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          onClick={onClose}
          data-testid="workstation-download-close"
          variant={view.phase === 'completed' || view.phase === 'error' ? 'contained' : 'text'}
        >
          {t('worklist.history.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DownloadBody({ service, view }: { service: WorkstationService; view: DownloadView }) {
  const { t } = useTranslation();
  switch (view.phase) {
    case 'connecting':
      return <Waiting text={t('worklist.workstation.connecting')} />;
    case 'notRunning':
      return (
        <Alert severity="warning" data-testid="helper-not-running">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('worklist.workstation.notRunning')}
          </Typography>
          <Typography variant="body2">{t('worklist.workstation.notRunningHint')}</Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <CircularProgress size={14} thickness={5} />
            <Typography variant="caption">{t('worklist.workstation.waitingForHelper')}</Typography>
          </Box>
        </Alert>
      );
    case 'notReady':
      return (
        <Alert severity="error" data-testid="helper-not-ready" sx={{ whiteSpace: 'pre-line' }}>
          {t('worklist.workstation.notReady')}
          {view.detail ? `\n${view.detail}` : ''}
        </Alert>
      );
    case 'running': {
      const { progress } = view;
      const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
      return (
        <Box data-testid="workstation-download-progress" data-stage={view.stage}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t(`worklist.workstation.stage.${view.stage}`)}
            {progress ? ` — ${t('worklist.workstation.count', progress)}` : ''}
          </Typography>
          <LinearProgress
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
            aria-label={t(`worklist.workstation.stage.${view.stage}`)}
          />
        </Box>
      );
    }
    case 'completed':
      return (
        <Box data-testid="workstation-download-result" data-result="completed">
          <Typography
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main', fontWeight: 700 }}
            variant="h6"
          >
            <CheckCircleRounded /> {t('worklist.workstation.completed')}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t(`worklist.workstation.${service}.done`)}
          </Typography>
          {view.folder ? <PathLine label={t('worklist.workstation.folder')} path={view.folder} /> : null}
          {view.image ? <PathLine label={t('worklist.workstation.image')} path={view.image} /> : null}
        </Box>
      );
    case 'error':
      return (
        <Box data-testid="workstation-download-result" data-result="error">
          <Typography
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'error.main', fontWeight: 700 }}
            variant="h6"
          >
            <ErrorRounded /> {t('worklist.workstation.error')}
          </Typography>
          {/* Spec §8: the message's own line breaks are kept. */}
          <Typography
            variant="body2"
            color="error"
            sx={{ mt: 1, whiteSpace: 'pre-line' }}
            data-testid="workstation-download-message"
          >
            {view.message || t('error.generic')}
          </Typography>
        </Box>
      );
  }
}

function Waiting({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <CircularProgress size={20} />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

function PathLine({ label, path }: { label: string; path: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85em' }}>
        {path}
      </Box>
    </Typography>
  );
}
