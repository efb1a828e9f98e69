import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PatientSearch } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { useSearchPatients, type PatientSearchRun } from '@/api/patient-search';
import { isoDayToDisplay } from '@/lib/typed-day';

const FIELDS = ['hn', 'name', 'nationalNumber', 'phoneNumber'] as const;
type Field = (typeof FIELDS)[number];
const MAX_LENGTH: Record<Field, number> = { hn: 30, name: 100, nationalNumber: 13, phoneNumber: 30 };

/**
 * /request/new without a patient (issue 26 item 2): find the patient by HN, name, national ID or phone and open the
 * form for them, or register a new patient and come back to the form; the same for staff and hospital users (the
 * server scopes the search to what the user may see).
 */
export function RequestPatientPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Made from an unmatched study: its state goes on to the form of the chosen patient.
  const location = useLocation();
  const me = useCurrentUser();
  const canRegister = me.permissions.includes('PATIENT_EDIT');
  const [fields, setFields] = useState<Record<Field, string>>({
    hn: '',
    name: '',
    nationalNumber: '',
    phoneNumber: '',
  });
  const [run, setRun] = useState<PatientSearchRun | null>(null);
  const [needCriteria, setNeedCriteria] = useState(false);
  const results = useSearchPatients(run);
  const rows = results.data ?? [];

  const submit = () => {
    const search = Object.fromEntries(
      FIELDS.map((k) => [k, fields[k].trim()] as const).filter(([, v]) => v),
    ) as PatientSearch;
    if (!Object.keys(search).length) {
      setNeedCriteria(true);
      return;
    }
    setNeedCriteria(false);
    setRun({ search, runAt: Date.now() });
  };
  const choose = (patientId: string) =>
    void navigate(`/request/new/${encodeURIComponent(patientId)}`, { state: location.state as unknown });

  return (
    <Box
      sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="request-patient-picker"
    >
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label={t('request.picker.title')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ p: 1.5 }}
      >
        <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 600 }}>
          {t('request.picker.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('request.picker.hint')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr)) auto' },
            gap: 1.5,
            alignItems: 'flex-start',
          }}
        >
          {FIELDS.map((key, i) => (
            <TextField
              key={key}
              id={`request-picker-${key}`}
              size="small"
              label={t(`request.picker.${key}`)}
              value={fields[key]}
              autoFocus={i === 0}
              onChange={(e) => {
                setFields((f) => ({ ...f, [key]: e.target.value }));
                setNeedCriteria(false);
              }}
              slotProps={{
                htmlInput: {
                  maxLength: MAX_LENGTH[key],
                  inputMode: key === 'nationalNumber' || key === 'phoneNumber' ? 'numeric' : undefined,
                },
              }}
            />
          ))}
          <Box sx={{ display: 'flex', gap: 1, gridColumn: { xs: 'span 2', lg: 'auto' } }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={results.isFetching ? <CircularProgress size={16} color="inherit" /> : <SearchRounded />}
              data-testid="request-picker-search"
            >
              {t('request.picker.search')}
            </Button>
            {canRegister ? (
              <Button
                variant="outlined"
                startIcon={<PersonAddAlt1Rounded />}
                component={RouterLink}
                to="/patient/new?next=request"
                data-testid="request-picker-register"
              >
                {t('request.picker.register')}
              </Button>
            ) : null}
          </Box>
        </Box>
        {needCriteria ? (
          <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
            {t('request.picker.needCriteria')}
          </Typography>
        ) : null}
      </Paper>

      {run ? (
        <Paper variant="outlined" component="section" aria-label={t('request.picker.results')}>
          {results.isSuccess && rows.length === 0 ? (
            <Box sx={{ py: 4, textAlign: 'center' }} data-testid="request-picker-empty">
              <Typography variant="subtitle1">{t('request.picker.empty')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {canRegister ? t('request.picker.emptyRegister') : t('request.picker.emptyHint')}
              </Typography>
            </Box>
          ) : (
            <Table size="small" data-testid="request-picker-results">
              <TableHead>
                <TableRow>
                  <TableCell>{t('patient.column.hn')}</TableCell>
                  <TableCell>{t('patient.column.name')}</TableCell>
                  <TableCell>{t('patient.column.gender')}</TableCell>
                  <TableCell align="right">{t('patient.column.age')}</TableCell>
                  <TableCell>{t('patient.column.birthDate')}</TableCell>
                  <TableCell>{t('patient.column.phone')}</TableCell>
                  <TableCell>{t('patient.column.nationalNumber')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((p) => (
                  <TableRow
                    key={p.patientId}
                    hover
                    onClick={() => choose(p.patientId)}
                    sx={{ cursor: 'pointer' }}
                    data-testid="request-picker-row"
                  >
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{p.hn}</TableCell>
                    <TableCell>
                      {p.name}
                      {p.nameEn ? (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {p.nameEn}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{t(`patient.gender.${p.gender}`)}</TableCell>
                    <TableCell align="right">{p.age ?? '–'}</TableCell>
                    <TableCell>{p.birthDate ? isoDayToDisplay(p.birthDate) : '–'}</TableCell>
                    <TableCell>{p.phoneNumber ?? '–'}</TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{p.nationalNumber ?? '–'}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="contained"
                        onClick={(e) => {
                          e.stopPropagation();
                          choose(p.patientId);
                        }}
                      >
                        {t('request.picker.choose')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      ) : null}
    </Box>
  );
}
