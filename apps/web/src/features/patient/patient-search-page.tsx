import BadgeRounded from '@mui/icons-material/BadgeRounded';
import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PatientSearch } from '@rangsi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { usePatientUiConfig } from './api/get-patient-ui-config';
import { useGatewayHnImport } from './api/gateway-features';
import { searchPatientsQueryOptions, useSearchPatients, type PatientSearchRun } from '@/api/patient-search';
import { CardReaderDialogs } from './components/card-reader-dialogs';
import { FormText } from './components/form-text';
import { PatientResultsTable } from './components/patient-results-table';
import { PatientSnackbar } from './components/patient-snackbar';
import { useCardReader } from './hooks/use-card-reader';
import { recallSearch, rememberCard, rememberSearch } from './lib/session-memory';

type Fields = Required<{ [K in keyof PatientSearch]: string }>;
const EMPTY: Fields = { name: '', phoneNumber: '', nationalNumber: '', hn: '' };
const FIELD_ORDER: (keyof Fields)[] = ['name', 'phoneNumber', 'nationalNumber', 'hn'];

function toSearch(fields: Fields): PatientSearch {
  return Object.fromEntries(FIELD_ORDER.map((k) => [k, fields[k].trim()]).filter(([, v]) => v)) as PatientSearch;
}

/** /patient: find a patient before registering one (spec §2 Patient screens). */
export function PatientSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const ui = usePatientUiConfig();
  const reader = useCardReader(ui.data?.idCardReaderUrl ?? null, { probeOnMount: false });
  const hnImport = useGatewayHnImport(ui.data?.gatewayUrl ?? null);
  const canEdit = me.permissions.includes('PATIENT_EDIT');
  const canCreateExam = me.permissions.includes('REQUEST_CREATE');

  // Coming back from the form shows the last search again (and add-new stays enabled, spec §5).
  const [fields, setFields] = useState<Fields>(() => ({ ...EMPTY, ...recallSearch() }));
  const [run, setRun] = useState<PatientSearchRun | null>(() => {
    const last = recallSearch();
    return last ? { search: last, runAt: 0 } : null;
  });
  const [criteriaError, setCriteriaError] = useState(false);
  const results = useSearchPatients(run);
  const searched = run !== null;

  const start = (search: PatientSearch) => {
    rememberSearch(search);
    const next = { search, runAt: Date.now() };
    setRun(next);
    return next;
  };

  const submit = () => {
    const search = toSearch(fields);
    if (Object.keys(search).length === 0) {
      setCriteriaError(true);
      document.getElementById('patient-search-name')?.focus();
      return;
    }
    setCriteriaError(false);
    start(search);
  };

  // Spec §2: search by the card's ID number; nobody found → register from the card (/patient/importbycard).
  const searchByCard = async () => {
    const result = await reader.read();
    if (!result.ok) return;
    const search = { nationalNumber: result.card.pid };
    setFields({ ...EMPTY, nationalNumber: result.card.pid });
    setCriteriaError(false);
    const next = start(search);
    const rows = await queryClient.fetchQuery(searchPatientsQueryOptions(next)).catch(() => null);
    if (rows && rows.length === 0) {
      rememberCard(result.card);
      void navigate('/patient/importbycard');
    }
  };

  const rows = results.data ?? [];
  return (
    <Box sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="patient-search-page">
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label={t('patient.search.panelLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ p: 1.5 }}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              lg: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto',
            },
            gap: 1.5,
            alignItems: 'flex-start',
          }}
        >
          {FIELD_ORDER.map((key) => (
            <FormText
              key={key}
              id={`patient-search-${key}`}
              label={t(`patient.search.${key}`)}
              value={fields[key]}
              onChange={(text) => {
                setFields((previous) => ({ ...previous, [key]: text }));
                setCriteriaError(false);
              }}
              maxLength={key === 'nationalNumber' ? 13 : key === 'name' ? 100 : 30}
              inputMode={key === 'nationalNumber' || key === 'phoneNumber' ? 'numeric' : undefined}
              placeholder={t(`patient.search.${key}Placeholder`)}
            />
          ))}
          <Box sx={{ display: 'flex', gap: 1, pt: 2.75, gridColumn: { xs: 'span 2', lg: 'auto' } }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={results.isFetching ? <CircularProgress size={16} color="inherit" /> : <SearchRounded />}
              data-testid="patient-search-submit"
            >
              {t('patient.search.submit')}
            </Button>
            <Button
              onClick={() => {
                setFields(EMPTY);
                setCriteriaError(false);
              }}
            >
              {t('patient.search.clear')}
            </Button>
          </Box>
        </Box>
        {criteriaError ? (
          <Typography
            variant="caption"
            color="error"
            role="alert"
            data-testid="patient-search-criteria-error"
            sx={{ display: 'block', mt: 0.5 }}
          >
            {t('patient.search.needCriteria')}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {canEdit ? (
            <Tooltip title={searched ? '' : t('patient.search.addNewHint')}>
              <span>
                <Button
                  variant="outlined"
                  startIcon={<PersonAddAlt1Rounded />}
                  component={RouterLink}
                  to="/patient/new"
                  disabled={!searched}
                  data-testid="patient-add-new"
                >
                  {t('patient.search.addNew')}
                </Button>
              </span>
            </Tooltip>
          ) : null}
          {canEdit && hnImport && searched ? (
            <Button
              variant="outlined"
              startIcon={<CloudDownloadRounded />}
              component={RouterLink}
              to="/patient/import"
              data-testid="patient-import"
            >
              {t('patient.search.import')}
            </Button>
          ) : null}
          {reader.configured ? (
            <Button
              variant="outlined"
              startIcon={reader.phase === 'reading' ? <CircularProgress size={16} /> : <BadgeRounded />}
              onClick={() => void searchByCard()}
              disabled={reader.phase !== 'idle'}
              data-testid="patient-search-card"
            >
              {t('patient.search.byCard')}
            </Button>
          ) : null}
          {!searched ? (
            <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 1 } }}>
              {t('patient.search.searchFirst')}
            </Typography>
          ) : null}
        </Box>
      </Paper>

      {searched ? (
        <Paper
          variant="outlined"
          component="section"
          aria-label={t('patient.search.results')}
          aria-busy={results.isFetching}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, minHeight: 36 }}>
            <Typography
              variant="subtitle2"
              component="h2"
              data-testid="patient-search-total"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {results.isSuccess ? t('patient.search.total', { count: rows.length }) : t('patient.search.searching')}
            </Typography>
            {results.isSuccess && rows.length >= 100 ? (
              <Typography variant="caption" color="warning.main">
                {t('patient.search.limit')}
              </Typography>
            ) : null}
          </Box>
          {results.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
          {results.isSuccess && rows.length === 0 ? (
            <Box sx={{ py: 5, textAlign: 'center' }} data-testid="patient-search-empty">
              <Typography variant="subtitle1">{t('patient.search.empty')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('patient.search.emptyHint')}
              </Typography>
            </Box>
          ) : (
            <PatientResultsTable
              rows={rows}
              loading={results.isPending}
              canCreateExam={canCreateExam}
              canEdit={canEdit}
            />
          )}
        </Paper>
      ) : null}
      <CardReaderDialogs reader={reader} />
      <PatientSnackbar />
    </Box>
  );
}
