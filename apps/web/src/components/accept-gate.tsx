import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AcceptGateProps<T> {
  exam: { accessionNumber: string | null; patientName: string | null };
  /** The accept call of the window asking (the report's or the viewer's). */
  accept: () => Promise<T>;
  onAccepted: (fresh: T) => void;
  /** The i18n group of the wording (`report.accept` / `viewer.accept`): what opens once accepted differs. */
  words: 'report.accept' | 'viewer.accept';
}

/**
 * Spec §4 Acceptance: the reviewer of an Assigned exam confirms (No / Yes) before the report or the viewer opens, also
 * when the window was opened from a link rather than from the worklist (which asks first itself). Yes accepts, then
 * the caller reads the exam again and goes on; No leaves a line saying why nothing opened.
 */
export function AcceptGate<T>({ exam, accept, onAccepted, words }: AcceptGateProps<T>) {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState(false);
  const mutation = useMutation({ mutationFn: accept, onSuccess: onAccepted });
  if (declined)
    return (
      <Alert severity="info" sx={{ m: 'auto' }} data-testid="accept-declined">
        {t(`${words}.declined`)}
      </Alert>
    );
  return (
    <Dialog open data-testid="accept-dialog" aria-labelledby="accept-gate-title">
      <DialogTitle id="accept-gate-title">{t(`${words}.title`)}</DialogTitle>
      <DialogContent>
        {t(`${words}.text`, { accession: exam.accessionNumber ?? '—', patient: exam.patientName ?? '' })}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDeclined(true)} data-testid="accept-no">
          {t(`${words}.no`)}
        </Button>
        <Button
          variant="contained"
          loading={mutation.isPending}
          onClick={() => mutation.mutate()}
          data-testid="accept-yes"
        >
          {t(`${words}.yes`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
