import LinkRounded from '@mui/icons-material/LinkRounded';
import NoteAddRounded from '@mui/icons-material/NoteAddRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Exam, UnmatchedStudy } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useCurrentUser } from '@/api/me';
import { formatDateTime } from '@/lib/format-date';
import { useUnmatchedStudies } from './api/unmatched-studies';
import { MatchDialog } from './components/match-dialog';
import { RequestFromStudyDialog } from './components/request-from-study-dialog';
import { dicomDate, personName } from '@/lib/dicom-text';

const PAGE_SIZE = 50;

/** A value the sender left empty, shown as a dash so that the row does not look unfinished. */
function orDash(text: string | null | undefined) {
  return text ? (
    text
  ) : (
    <Typography component="span" variant="inherit" color="text.disabled">
      –
    </Typography>
  );
}

/** /dicom/unmatched: images received for no exam, kept until staff match them to the exam they belong to. */
export function UnmatchedStudiesPage() {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [matching, setMatching] = useState<UnmatchedStudy | null>(null);
  const [requesting, setRequesting] = useState<UnmatchedStudy | null>(null);
  const { permissions } = useCurrentUser();
  // The dialog finds the patient first, so a request from images needs the patient search as well (as the Request menu does).
  const canRequest = permissions.includes('REQUEST_CREATE') && permissions.includes('PATIENT_SEARCH');
  const [matched, setMatched] = useState<Exam | null>(null);
  const list = useUnmatchedStudies(query);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Box sx={{ px: 1.5, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="unmatched-page">
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="h6" component="h1">
          {t('dicomUnmatched.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('dicomUnmatched.intro')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ q: term, page: 1 });
          }}
          sx={{ maxWidth: 560 }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('dicomUnmatched.search')}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'unmatched-search' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchRounded />}>
            {t('dicomUnmatched.searchButton')}
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined" component="section" aria-busy={list.isFetching}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, minHeight: 36 }}>
          <Typography
            variant="subtitle2"
            component="h2"
            data-testid="unmatched-total"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {data ? t('dicomUnmatched.total', { count: data.total }) : t('dicomUnmatched.loading')}
          </Typography>
        </Box>
        {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {list.error ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {list.error instanceof ApiError ? list.error.message : t('dicomUnmatched.loadFailed')}
          </Alert>
        ) : null}
        {data && data.rows.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No result.
          </Typography>
        ) : null}
        {data && data.rows.length > 0 ? (
          <TableContainer>
            {/* Only the name and the study wrap: a count, a code or the button broken over two lines is hard to read. */}
            <Table
              size="small"
              data-testid="unmatched-table"
              sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1 } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('dicomUnmatched.col.received')}</TableCell>
                  <TableCell>{t('dicomUnmatched.col.patient')}</TableCell>
                  <TableCell>{t('dicomUnmatched.col.patientId')}</TableCell>
                  <TableCell>{t('dicomUnmatched.col.accession')}</TableCell>
                  <TableCell>{t('dicomUnmatched.col.studyDate')}</TableCell>
                  <TableCell>{t('dicomUnmatched.col.study')}</TableCell>
                  <TableCell align="right">{t('dicomUnmatched.col.images')}</TableCell>
                  <TableCell>{t('dicomUnmatched.col.source')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((s) => (
                  <TableRow key={s.studyId} hover data-testid="unmatched-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.receivedAt)}</TableCell>
                    <TableCell>{orDash(personName(s.patientName))}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {orDash(s.patientId)}
                      {/* Patient safety: say why images that named an exam were not attached to it. */}
                      {s.unmatchedReason ? (
                        <Typography
                          variant="caption"
                          color="error"
                          component="div"
                          sx={{ whiteSpace: 'normal', minWidth: 160 }}
                          data-testid="unmatched-reason"
                        >
                          {t(`dicomUnmatched.reason.${s.unmatchedReason}`, { accession: s.accessionNumber ?? '' })}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{orDash(s.accessionNumber)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{orDash(dicomDate(s.studyDate))}</TableCell>
                    <TableCell sx={{ minWidth: 120 }}>
                      {orDash([s.modalities?.replaceAll('\\', ', '), s.studyDescription].filter(Boolean).join(' · '))}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {t('dicomUnmatched.images', { series: s.numberOfSeries, count: s.numberOfInstances })}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.source}</TableCell>
                    <TableCell align="right">
                      <Stack spacing={0.75} alignItems="stretch">
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<LinkRounded />}
                          sx={{ whiteSpace: 'nowrap' }}
                          onClick={() => setMatching(s)}
                        >
                          {t('dicomUnmatched.matchButton')}
                        </Button>
                        {canRequest ? (
                          <Button
                            size="small"
                            startIcon={<NoteAddRounded />}
                            sx={{ whiteSpace: 'nowrap' }}
                            onClick={() => setRequesting(s)}
                            data-testid="unmatched-request"
                          >
                            {t('dicomUnmatched.requestButton')}
                          </Button>
                        ) : null}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
        {pages > 1 ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
            <Pagination
              count={pages}
              page={query.page}
              onChange={(_e, page) => setQuery({ ...query, page })}
              size="small"
            />
          </Box>
        ) : null}
      </Paper>

      {requesting ? <RequestFromStudyDialog study={requesting} onClose={() => setRequesting(null)} /> : null}
      {matching ? (
        <MatchDialog
          study={matching}
          onClose={() => setMatching(null)}
          onMatched={(exam) => {
            setMatching(null);
            setMatched(exam);
          }}
        />
      ) : null}
      <Snackbar
        open={matched !== null}
        autoHideDuration={10_000}
        onClose={() => setMatched(null)}
        message={matched ? t('dicomUnmatched.matched', { accession: matched.accessionNumber }) : ''}
        action={
          matched ? (
            <Button component={RouterLink} to={`/pacs#${matched.accessionNumber}`} size="small" color="inherit">
              {t('dicomUnmatched.openWorklist')}
            </Button>
          ) : null
        }
      />
    </Box>
  );
}
