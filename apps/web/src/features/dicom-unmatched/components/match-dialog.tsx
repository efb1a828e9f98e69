import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Exam, UnmatchedStudy } from '@rangsi/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { formatDateTime } from '@/lib/format-date';
import { findCandidateExams, useMatchStudy } from '../api/unmatched-studies';
import { dicomDate, personName } from '@/lib/dicom-text';

interface Props {
  study: UnmatchedStudy;
  onClose: () => void;
  onMatched: (exam: Exam) => void;
}

/** Find the exam the images belong to (accession, HN or name) and link them to it. */
export function MatchDialog({ study, onClose, onMatched }: Props) {
  const { t } = useTranslation();
  const [term, setTerm] = useState(study.accessionNumber ?? study.patientId ?? '');
  const [candidates, setCandidates] = useState<Exam[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const match = useMatchStudy();
  /** The latest search: an earlier one that answers later must not replace its candidates. */
  const latest = useRef(0);

  const search = async () => {
    if (!term.trim()) return;
    const mine = ++latest.current;
    setSearching(true);
    setSearchError(null);
    setChosen(null);
    try {
      const found = await findCandidateExams(term);
      if (mine !== latest.current) return;
      setCandidates(found);
      if (found.length === 1) setChosen(found[0]!.examId);
    } catch (err) {
      if (mine !== latest.current) return;
      setSearchError(err instanceof ApiError ? err.message : t('dicomUnmatched.match.searchFailed'));
    } finally {
      if (mine === latest.current) setSearching(false);
    }
  };

  // The images' own accession number or patient ID usually finds the exam: looked up at once, not after a click.
  useEffect(() => {
    void search();
    // Once, for the term the dialog opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = () => {
    if (!chosen) return;
    match.mutate({ studyId: study.studyId, examId: chosen }, { onSuccess: onMatched });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="match-dialog-title">
      <DialogTitle id="match-dialog-title">{t('dicomUnmatched.match.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('dicomUnmatched.match.study', {
            name: personName(study.patientName) || '—',
            id: study.patientId ?? '—',
            date: dicomDate(study.studyDate) || '—',
            count: study.numberOfInstances,
          })}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <TextField
            size="small"
            fullWidth
            autoFocus
            label={t('dicomUnmatched.match.term')}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'match-term' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchRounded />} disabled={searching || !term.trim()}>
            {t('dicomUnmatched.match.search')}
          </Button>
        </Stack>
        {searching ? <LinearProgress sx={{ mt: 1 }} /> : null}
        {searchError ? (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {searchError}
          </Alert>
        ) : null}
        {candidates && candidates.length === 0 ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('dicomUnmatched.match.none')}
          </Alert>
        ) : null}
        {candidates && candidates.length > 0 ? (
          <Table size="small" sx={{ mt: 1.5 }} data-testid="match-candidates">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t('dicomUnmatched.col.accession')}</TableCell>
                <TableCell>HN</TableCell>
                <TableCell>{t('dicomUnmatched.col.patient')}</TableCell>
                <TableCell>{t('dicomUnmatched.match.exam')}</TableCell>
                <TableCell>{t('dicomUnmatched.match.examDate')}</TableCell>
                <TableCell>{t('dicomUnmatched.match.branch')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {candidates.map((e) => (
                <TableRow
                  key={e.examId}
                  hover
                  selected={chosen === e.examId}
                  onClick={() => setChosen(e.examId)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell padding="checkbox">
                    <Radio
                      size="small"
                      checked={chosen === e.examId}
                      onChange={() => setChosen(e.examId)}
                      inputProps={{ 'aria-label': e.accessionNumber ?? e.examId }}
                    />
                  </TableCell>
                  <TableCell>{e.accessionNumber}</TableCell>
                  <TableCell>{e.hn}</TableCell>
                  <TableCell>{e.patientName}</TableCell>
                  <TableCell>
                    {`${e.modality} ${e.description}`.trim()}
                    {e.hasImage ? ` · ${t('dicomUnmatched.match.hasImages')}` : ''}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.examDate)}</TableCell>
                  <TableCell>{e.branchName}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {match.error ? (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {match.error instanceof ApiError ? match.error.message : t('dicomUnmatched.match.failed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dicomUnmatched.match.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={!chosen || match.isPending} data-testid="match-confirm">
          {t('dicomUnmatched.match.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
