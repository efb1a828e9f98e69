import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReportExam } from '@rangsi/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptReportExam } from '../api/accept-report-exam';

/**
 * Spec §4 Acceptance: the reviewer of an Assigned exam confirms (No / Yes) before the report opens, also when the
 * window was opened from a link rather than the worklist (which asks first itself). Yes accepts, then the report
 * is read again and opens.
 */
export function AcceptGate({ exam, onAccepted }: { exam: ReportExam; onAccepted: () => void }) {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState(false);
  const accept = useMutation({ mutationFn: acceptReportExam, onSuccess: onAccepted });
  if (declined) return <Alert severity="info" sx={{ m: 'auto' }} data-testid="accept-declined">{t('report.accept.declined')}</Alert>;
  return (
    <Dialog open data-testid="accept-dialog" aria-labelledby="report-accept-title">
      <DialogTitle id="report-accept-title">{t('report.accept.title')}</DialogTitle>
      <DialogContent>{t('report.accept.text', { accession: exam.accessionNumber ?? '—', patient: exam.patientName })}</DialogContent>
      <DialogActions>
        <Button onClick={() => setDeclined(true)} data-testid="accept-no">{t('report.accept.no')}</Button>
        <Button variant="contained" loading={accept.isPending} onClick={() => accept.mutate(exam)} data-testid="accept-yes">{t('report.accept.yes')}</Button>
      </DialogActions>
    </Dialog>
  );
}
