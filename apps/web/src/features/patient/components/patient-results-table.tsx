import EditRounded from '@mui/icons-material/EditRounded';
import NoteAddRounded from '@mui/icons-material/NoteAddRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PatientSearchRow } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { HEADER_HEIGHT } from '@/config/theme';
import { isoDayToDisplay } from '@/lib/typed-day';

interface PatientResultsTableProps {
  rows: readonly PatientSearchRow[];
  loading: boolean;
  canCreateExam: boolean;
  canEdit: boolean;
}

const headSx = {
  bgcolor: 'background.paper',
  position: 'sticky',
  top: HEADER_HEIGHT,
  zIndex: 2,
  whiteSpace: 'nowrap',
  fontSize: '0.78rem',
  py: 0.75,
} as const;

/** Spec §2: the search results, national number masked with trailing xxxxx, row actions edit and create exam. */
export function PatientResultsTable({ rows, loading, canCreateExam, canEdit }: PatientResultsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editLabel = canEdit ? t('patient.search.edit') : t('patient.search.view');
  return (
    <Box sx={{ overflowX: { xs: 'auto', lg: 'visible' } }}>
      <Table
        size="small"
        aria-label={t('patient.search.results')}
        data-testid="patient-results"
        sx={{ tableLayout: 'fixed', minWidth: 960, borderCollapse: 'separate' }}
      >
        <colgroup>
          <col style={{ width: 136 }} />
          <col />
          <col style={{ width: 80 }} />
          <col style={{ width: 64 }} />
          <col style={{ width: 108 }} />
          <col style={{ width: 120 }} />
          <col style={{ width: 140 }} />
          <col style={{ width: 72 }} />
          <col style={{ width: canCreateExam ? 168 : 56 }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell sx={headSx}>{t('patient.column.hn')}</TableCell>
            <TableCell sx={headSx}>{t('patient.column.name')}</TableCell>
            <TableCell sx={headSx}>{t('patient.column.gender')}</TableCell>
            <TableCell sx={headSx} align="right">
              {t('patient.column.age')}
            </TableCell>
            <TableCell sx={headSx}>{t('patient.column.birthDate')}</TableCell>
            <TableCell sx={headSx}>{t('patient.column.phone')}</TableCell>
            <TableCell sx={headSx}>{t('patient.column.nationalNumber')}</TableCell>
            <TableCell sx={headSx} align="right">
              {t('patient.column.exams')}
            </TableCell>
            <TableCell sx={headSx} align="right">
              <Box
                component="span"
                sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              >
                {t('patient.column.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading
            ? Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i} sx={{ height: 40 }}>
                  <TableCell colSpan={9}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow
                  key={row.patientId}
                  hover
                  data-testid="patient-row"
                  onDoubleClick={() => void navigate(`/patient/${encodeURIComponent(row.patientId)}`)}
                  sx={{ '& > td': { py: 0.5 } }}
                >
                  <TableCell
                    sx={{
                      fontWeight: 600,
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      pr: 1.5,
                    }}
                    title={row.hn}
                    data-testid="patient-row-hn"
                  >
                    {row.hn}
                  </TableCell>
                  <TableCell sx={{ overflow: 'hidden' }}>
                    <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} data-testid="patient-row-name">
                      {row.name}
                    </Typography>
                    {row.nameEn ? (
                      <Typography variant="caption" color="text.secondary" noWrap component="div">
                        {row.nameEn}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{t(`patient.gender.${row.gender}`)}</TableCell>
                  <TableCell align="right">{row.age ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{isoDayToDisplay(row.birthDate) || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.phoneNumber ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', letterSpacing: '0.02em' }} data-testid="patient-row-national">
                    {row.nationalNumber ?? '—'}
                  </TableCell>
                  <TableCell align="right">{row.examCount}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={editLabel}>
                      <IconButton
                        component={RouterLink}
                        to={`/patient/${encodeURIComponent(row.patientId)}`}
                        aria-label={`${editLabel} ${row.name}`}
                        data-testid="patient-row-edit"
                      >
                        {canEdit ? <EditRounded fontSize="small" /> : <VisibilityRounded fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    {canCreateExam ? (
                      <Button
                        size="small"
                        startIcon={<NoteAddRounded />}
                        component={RouterLink}
                        to={`/request/new/${encodeURIComponent(row.patientId)}`}
                        sx={{ ml: 0.5 }}
                        data-testid="patient-row-create-exam"
                      >
                        {t('patient.search.createExam')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </Box>
  );
}
