import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import DriveFolderUploadRounded from '@mui/icons-material/DriveFolderUploadRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Exam } from '@rangsi/contract';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { refusedReport, useImportDicom, type ImportReport } from '../api/import-dicom';
import { announceSuccess } from '../hooks/use-success-snackbar';
import { filesFromDrop } from '../lib/dropped-files';
import { formatFileSize } from '../lib/file-size';
import { ExamDialogTitle } from './exam-dialog-title';

/** Failed files listed at most; the rest are counted. */
const FAILED_SHOWN = 50;

interface DicomImportDialogProps {
  exam: Exam;
  onClose: () => void;
}

/**
 * Issue 4 §10 web import: DICOM files, zips of them or a whole folder (a CD) for this exam, sent in one request with
 * progress; the answer says how many images were imported, were there already, were skipped, and which files could
 * not be imported and why. The exam's row takes the answer (hasImage).
 */
export function DicomImportDialog({ exam, onClose }: DicomImportDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [needFiles, setNeedFiles] = useState(false);
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const importing = useImportDicom();
  const titleId = `${id}-title`;

  const [dragging, setDragging] = useState(false);
  const choose = (list: FileList | File[] | null) => {
    // Hidden files of a folder (.DS_Store and the like) are not images.
    setFiles(Array.from(list ?? []).filter((f) => !f.name.startsWith('.')));
    setNeedFiles(false);
    setReport(null);
    importing.reset();
  };

  const reset = () => {
    setFiles([]);
    setReport(null);
    importing.reset();
    if (filesRef.current) filesRef.current.value = '';
    if (folderRef.current) folderRef.current.value = '';
  };

  const submit = () => {
    if (!files.length) {
      setNeedFiles(true);
      return;
    }
    setProgress(0);
    importing.mutate(
      { examId: exam.examId, files, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.stored > 0)
            announceSuccess(
              t('worklist.done.importDicom', {
                accession: exam.accessionNumber ?? exam.patientName,
                count: answer.stored,
              }),
            );
        },
        onError: (error) => setReport(refusedReport(error)),
      },
    );
  };

  const totalBytes = files.reduce((n, f) => n + f.size, 0);
  const refusedMessage = importing.isError ? importing.error.message || t('worklist.dicomImport.failedGeneric') : null;
  const busy = importing.isPending;
  const done = importing.isSuccess || importing.isError;
  const dropZone = {
    // A CD's folder dragged from the file manager: its files, sub-folders included.
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      if (busy) return;
      void filesFromDrop(event.dataTransfer).then(choose, () => choose([]));
    },
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
      if (!busy) setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
  };
  return (
    // The whole dialog takes a drop, backdrop included: a file dropped beside the zone would otherwise open in the tab.
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="dicom-import-dialog"
      {...dropZone}
    >
      <ExamDialogTitle
        id={titleId}
        title={t('worklist.dicomImport.title')}
        subtitle={t('worklist.documents.subtitle', {
          accession: exam.accessionNumber ?? '—',
          patient: exam.patientName,
        })}
        {...(busy ? {} : { onClose })}
      />
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          {t('worklist.dicomImport.intro')}
        </Typography>
        <Box
          data-testid="dicom-import-drop"
          sx={{
            p: 1.5,
            border: '1px dashed',
            borderRadius: 1,
            transition: 'background-color 120ms',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
          }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button
              variant="outlined"
              component="label"
              htmlFor={`${id}-files`}
              startIcon={<UploadFileRounded />}
              disabled={busy}
            >
              {t('worklist.dicomImport.chooseFiles')}
            </Button>
            <Button
              variant="outlined"
              component="label"
              htmlFor={`${id}-folder`}
              startIcon={<DriveFolderUploadRounded />}
              disabled={busy}
            >
              {t('worklist.dicomImport.chooseFolder')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('worklist.dicomImport.orDrop')}
            </Typography>
          </Box>
          <input
            ref={filesRef}
            id={`${id}-files`}
            type="file"
            multiple
            data-testid="dicom-import-files"
            onChange={(event) => choose(event.target.files)}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          />
          <input
            ref={folderRef}
            id={`${id}-folder`}
            type="file"
            // A CD's DICOM folder, sub-folders included (every browser staff use supports it).
            {...{ webkitdirectory: '', directory: '' }}
            data-testid="dicom-import-folder"
            onChange={(event) => choose(event.target.files)}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          />
          <FormHelperText
            error={needFiles}
            data-testid="dicom-import-chosen"
            sx={{ mx: 0, mt: 0.75, fontWeight: needFiles ? 500 : 400 }}
          >
            {needFiles
              ? t('worklist.dicomImport.selectFiles')
              : files.length
                ? t('worklist.dicomImport.chosen', { count: files.length, size: formatFileSize(totalBytes) })
                : t('worklist.dicomImport.noneChosen')}
          </FormHelperText>
        </Box>
        {busy ? (
          <Box role="status" aria-live="polite">
            <LinearProgress
              variant={progress > 0 && progress < 100 ? 'determinate' : 'indeterminate'}
              value={progress}
            />
            <Typography variant="caption" color="text.secondary">
              {progress < 100
                ? t('worklist.dicomImport.uploading', { percent: progress })
                : t('worklist.dicomImport.processing')}
            </Typography>
          </Box>
        ) : null}
        {refusedMessage ? (
          <Alert severity="error" data-testid="dicom-import-error">
            {refusedMessage}
          </Alert>
        ) : null}
        {report ? <ImportResult report={report} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} data-testid="dicom-import-close">
          {t('worklist.dicomImport.close')}
        </Button>
        {done ? (
          <Button variant="outlined" onClick={reset} data-testid="dicom-import-again">
            {t('worklist.dicomImport.another')}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<CloudUploadRounded />}
            onClick={submit}
            disabled={busy}
            data-testid="dicom-import-submit"
          >
            {t('worklist.dicomImport.upload')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const counts: { key: keyof Omit<ImportReport, 'failed'>; label: string }[] = [
    { key: 'stored', label: t('worklist.dicomImport.stored') },
    { key: 'duplicate', label: t('worklist.dicomImport.duplicate') },
    { key: 'skipped', label: t('worklist.dicomImport.skipped') },
  ];
  const failed = report.failed;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="dicom-import-result"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="subtitle2" component="h3">
        {t('worklist.dicomImport.resultTitle')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'start',
          columnGap: 3,
          rowGap: 0.5,
        }}
      >
        {counts.map(({ key, label }) => (
          <Box key={key} sx={{ display: 'contents' }} data-testid={`dicom-import-${key}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: key === 'stored' ? 600 : 400, whiteSpace: 'nowrap' }}
            >
              {key === 'skipped'
                ? t('worklist.dicomImport.files', { count: report[key] })
                : t('worklist.dicomImport.images', { count: report[key] })}
            </Typography>
          </Box>
        ))}
        <Box sx={{ display: 'contents' }} data-testid="dicom-import-failed">
          <Typography component="dt" variant="body2" color={failed.length ? 'error.main' : 'text.secondary'}>
            {t('worklist.dicomImport.failed')}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            color={failed.length ? 'error.main' : 'text.primary'}
            sx={{ m: 0, fontWeight: failed.length ? 600 : 400, whiteSpace: 'nowrap' }}
          >
            {t('worklist.dicomImport.files', { count: failed.length })}
          </Typography>
        </Box>
      </Box>
      {failed.length ? (
        <Table size="small" sx={{ tableLayout: 'fixed' }} data-testid="dicom-import-failed-list">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '45%' }}>{t('worklist.dicomImport.failedFile')}</TableCell>
              <TableCell>{t('worklist.dicomImport.failedReason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {failed.slice(0, FAILED_SHOWN).map((f, i) => (
              <TableRow key={`${f.fileName}-${i}`}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.fileName}</TableCell>
                <TableCell>{f.reason}</TableCell>
              </TableRow>
            ))}
            {failed.length > FAILED_SHOWN ? (
              <TableRow>
                <TableCell colSpan={2} sx={{ color: 'text.secondary' }}>
                  {t('worklist.dicomImport.moreFailed', { count: failed.length - FAILED_SHOWN })}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}
