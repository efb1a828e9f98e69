import type { Exam } from '@rangsi/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptViewerExam } from '../api/viewer-exam';

/**
 * Spec §4 Acceptance: the reviewer of an Assigned exam confirms (No / Yes) before the viewer opens, also when the
 * viewer is opened straight from a link rather than from the worklist (which asks first itself). Yes accepts; the
 * fresh exam then lets the page go on.
 */
export function AcceptGate({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [declined, setDeclined] = useState(false);
  const accept = useMutation({
    mutationFn: acceptViewerExam,
    onSuccess: (fresh) => queryClient.setQueryData(['viewer', 'exam', exam.examId], fresh),
  });
  if (declined) return <Alert severity="info" sx={{ m: 'auto' }} data-testid="accept-declined">{t('viewer.accept.declined')}</Alert>;
  return (
    <Dialog open data-testid="accept-dialog">
      <DialogTitle>{t('viewer.accept.title')}</DialogTitle>
      <DialogContent>{t('viewer.accept.text', { accession: exam.accessionNumber ?? '—', patient: exam.patientName ?? '' })}</DialogContent>
      <DialogActions>
        <Button onClick={() => setDeclined(true)}>{t('viewer.accept.no')}</Button>
        <Button variant="contained" loading={accept.isPending} onClick={() => accept.mutate(exam)}>{t('viewer.accept.yes')}</Button>
      </DialogActions>
    </Dialog>
  );
}
