import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import type { Exam } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptExam } from '../api/accept-exam';
import { approveDicom } from '../api/approve-dicom';
import { approveReport } from '../api/approve-report';
import { deleteDicom } from '../api/delete-dicom';
import { useDeleteExam } from '../api/delete-exam';
import { useExamMutation } from '../api/exam-mutation';
import { rejectDicom } from '../api/reject-dicom';
import { rejectExam } from '../api/reject-exam';
import { rejectReport } from '../api/reject-report';
import { useUnzipExam } from '../api/unzip-exam';
import { useEnglish } from '../hooks/use-english';
import { announceSuccess } from '../hooks/use-success-snackbar';
import type { AfterAccept, ConfirmAction, GatedDialog } from '../hooks/use-worklist-dialogs';
import { openAfter } from '@/lib/open-window';
import { BilingualText } from './bilingual-text';
import { ExamDialogTitle } from './exam-dialog-title';
import { FieldLabel } from '@/components/field-label';

type Message = 'none' | 'optional' | 'required';

/** Per action: the call, whether it takes a message (the server requires one to reject an audit), and its tone. */
const ACTIONS: Record<
  Exclude<ConfirmAction, 'delete'>,
  { request: (v: { exam: Exam; message?: string }) => Promise<Exam>; message: Message; danger: boolean }
> = {
  accept: { request: acceptExam, message: 'none', danger: false },
  reject: { request: rejectExam, message: 'optional', danger: true },
  approveDicom: { request: approveDicom, message: 'optional', danger: false },
  rejectDicom: { request: rejectDicom, message: 'required', danger: true },
  deleteDicom: { request: deleteDicom, message: 'none', danger: true },
  approveReport: { request: approveReport, message: 'optional', danger: false },
  rejectReport: { request: rejectReport, message: 'required', danger: true },
};

interface ExamConfirmDialogProps {
  action: ConfirmAction;
  exam: Exam;
  /** Acceptance before opening the viewer, the report or an image dialog (spec §4): what comes after Yes. */
  then?: AfterAccept;
  onClose: () => void;
  /** Opens the dialog that waited for the acceptance, with the accepted row. */
  onContinue?: (dialog: GatedDialog) => void;
}

/**
 * Spec §4: the No/Yes confirmations — acceptance (Yes accepts, then continues), a doctor's reject, approve or
 * reject of DICOM and of the report (with a message box), DICOM delete and exam delete.
 */
export function ExamConfirmDialog({ action, exam, then, onClose, onContinue }: ExamConfirmDialogProps) {
  const { t } = useTranslation();
  const { english, inThai } = useEnglish();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState(false);
  const run = action === 'delete' ? undefined : ACTIONS[action];
  const act = useExamMutation((v: { exam: Exam; message?: string }) => {
    // Delete answers no row and goes through useDeleteExam below.
    if (!run) throw new Error('delete is not an exam-row action');
    return run.request(v);
  });
  const remove = useDeleteExam();
  const unzip = useUnzipExam();
  const pending = act.isPending || remove.isPending || unzip.isPending;
  const config = run ?? { message: 'none' as Message, danger: true };
  const names = { accession: exam.accessionNumber ?? '—', patient: exam.patientName };
  const done = () => announceSuccess(t(`worklist.done.${action}`, names));

  const confirm = () => {
    const text = message.trim();
    if (config.message === 'required' && !text) {
      setMessageError(true);
      return;
    }
    if (action === 'delete') {
      remove.mutate({ exam }, { onSuccess: done, onSettled: onClose });
      return;
    }
    if (action === 'accept' && then && 'dialog' in then) {
      act.mutate(
        { exam },
        {
          onSuccess: (accepted) => {
            done();
            if (onContinue) onContinue({ ...then.dialog, exam: accepted });
            else onClose();
          },
          onError: onClose,
        },
      );
      return;
    }
    if (action === 'accept' && then && 'url' in then) {
      const { url, unzip: unzipFirst } = then;
      // The window opens inside this click (popup blockers) and is pointed at the page once accepted.
      void openAfter(url, async () => {
        const accepted = await act.mutateAsync({ exam });
        done();
        if (unzipFirst) await unzip.mutateAsync({ exam: accepted });
      }).finally(onClose);
      return;
    }
    act.mutate({ exam, message: text || undefined }, { onSuccess: done, onSettled: onClose });
  };

  const titleId = 'exam-confirm-title';
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby="exam-confirm-text"
      data-testid="confirm-dialog"
      data-action={action}
    >
      <ExamDialogTitle id={titleId} title={t(`worklist.confirm.${action}Title`)} />
      <DialogContent>
        <DialogContentText id="exam-confirm-text" sx={{ color: 'text.primary', mb: config.message === 'none' ? 0 : 2 }}>
          {t(`worklist.confirm.${action}Text`, names)}
        </DialogContentText>
        {config.message !== 'none' ? (
          <>
            <FieldLabel htmlFor="exam-confirm-message" required={config.message === 'required'}>
              {t(config.message === 'required' ? 'worklist.confirm.message' : 'worklist.confirm.messageOptional')}
            </FieldLabel>
            <TextField
              id="exam-confirm-message"
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
                setMessageError(false);
              }}
              error={messageError}
              helperText={messageError ? t('worklist.confirm.reasonRequired') : undefined}
              multiline
              minRows={2}
              maxRows={6}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 2000 }, formHelperText: { sx: { mx: 0 } } }}
              sx={{ mt: 0 }}
            />
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} data-testid="confirm-no">
          <BilingualText
            text={t('worklist.confirm.no')}
            english={inThai ? english('worklist.confirm.no') : undefined}
          />
        </Button>
        <Button
          variant="contained"
          color={config.danger ? 'error' : 'primary'}
          onClick={confirm}
          disabled={pending}
          autoFocus={config.message === 'none'}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-yes"
        >
          <BilingualText
            text={t('worklist.confirm.yes')}
            english={inThai ? english('worklist.confirm.yes') : undefined}
          />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
