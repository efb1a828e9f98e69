import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PatientSearchRow, UnmatchedStudy } from '@rangsi/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { isoDayToDisplay } from '@/lib/typed-day';
import { dicomDate, personName } from '@/lib/dicom-text';
import { hnLabel } from '@/lib/hn';
import { studyFromState } from '@/lib/request-from-study';
import { findPatients } from '../api/find-patients';

interface RequestFromStudyDialogProps {
  study: UnmatchedStudy;
  onClose: () => void;
}

/**
 * Issue 4 §3 "create an exam from" unmatched images: the patient is found (by the images' Patient ID as HN, or by any
 * HN or name typed), then the request form opens for them carrying the study; saving the request links the images
 * to its exam. A patient not registered yet is registered first.
 */
export function RequestFromStudyDialog({ study, onClose }: RequestFromStudyDialogProps) {
  const { t } = useTranslation();
  const canRegister = useCurrentUser().permissions.includes('PATIENT_EDIT');
  const navigate = useNavigate();
  const [term, setTerm] = useState(study.patientId ?? personName(study.patientName));
  const [rows, setRows] = useState<PatientSearchRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);

  const search = async (value: string) => {
    const text = value.trim();
    if (!text) return;
    const run = ++latest.current;
    setBusy(true);
    setError(null);
    try {
      const found = await findPatients(text);
      if (run === latest.current) setRows(found);
    } catch (e) {
      if (run === latest.current)
        setError(e instanceof Error && e.message ? e.message : t('dicomUnmatched.request.failed'));
    } finally {
      if (run === latest.current) setBusy(false);
    }
  };

  // The images' own patient is looked up at once.
  useEffect(() => {
    void search(term);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on open
  }, []);

  const choose = (patient: PatientSearchRow) => {
    onClose();
    void navigate(`/request/new/${patient.patientId}`, { state: studyFromState.wrap(study) });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="request-from-study-title"
      data-testid="request-from-study-dialog"
    >
      <DialogTitle id="request-from-study-title">
        {t('dicomUnmatched.request.title')}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', fontWeight: 400 }}>
          {[
            personName(study.patientName),
            study.patientId ? hnLabel(study.patientId) : null,
            dicomDate(study.studyDate),
            study.modalities,
            study.studyDescription,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('dicomUnmatched.request.intro')}
        </Typography>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void search(term);
          }}
          sx={{ display: 'flex', gap: 1, maxWidth: 520 }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('dicomUnmatched.request.find')}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'request-from-study-term' } }}
          />
          <Button type="submit" variant="outlined" startIcon={<SearchRounded />} sx={{ flexShrink: 0 }}>
            {t('dicomUnmatched.searchButton')}
          </Button>
        </Box>
        {busy ? <LinearProgress /> : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {rows && rows.length === 0 && !busy ? (
          <Alert severity="info" data-testid="request-from-study-none">
            {t('dicomUnmatched.request.none', { term: term.trim() })}
          </Alert>
        ) : null}
        {rows && rows.length > 0 ? (
          <Table size="small" data-testid="request-from-study-patients">
            <TableHead>
              <TableRow>
                <TableCell>HN</TableCell>
                <TableCell>{t('dicomUnmatched.request.name')}</TableCell>
                <TableCell>{t('dicomUnmatched.request.birthDate')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, 20).map((p) => (
                <TableRow key={p.patientId} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.hn}</TableCell>
                  <TableCell>{p.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {isoDayToDisplay(p.birthDate) || '–'}
                    {p.age !== null ? ` (${t('dicomUnmatched.request.age', { age: p.age })})` : ''}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => choose(p)}
                      data-testid="request-from-study-choose"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('dicomUnmatched.request.choose')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'space-between' }}>
        {canRegister ? (
          <Button component={RouterLink} to="/patient/new" startIcon={<PersonAddAlt1Rounded />} onClick={onClose}>
            {t('dicomUnmatched.request.register')}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={onClose}>{t('dicomUnmatched.match.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
