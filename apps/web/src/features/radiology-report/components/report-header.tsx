import ReportProblemRounded from '@mui/icons-material/ReportProblemRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReportExam } from '@rangsi/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { formatDateTime } from '@/lib/format-date';
import { ExamStatusPill } from './exam-status-pill';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'baseline', whiteSpace: 'nowrap' }}
      data-testid={testId}
    >
      <Typography component="span" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The exam the report is about: patient, HN, accession, exam, date, state and the critical flag. */
export function ReportHeader({ exam }: { exam: ReportExam | undefined }) {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      sx={{
        px: 2,
        py: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 56,
      }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography component="h1" variant="subtitle1" sx={{ whiteSpace: 'nowrap' }}>
            {t('report.title')}
          </Typography>
          {exam ? (
            <>
              <Typography
                variant="subtitle1"
                component="span"
                noWrap
                sx={{ color: 'primary.dark' }}
                data-testid="report-patient"
              >
                {exam.patientName}
              </Typography>
              <ExamStatusPill status={exam.status} />
              {exam.isCritical ? (
                <Chip
                  size="small"
                  color="error"
                  icon={<ReportProblemRounded />}
                  label={t('report.critical.flag')}
                  data-testid="report-critical-flag"
                />
              ) : null}
            </>
          ) : null}
        </Box>
        {exam ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0 }}>
            <Fact label="HN">{exam.hn || '–'}</Fact>
            <Fact label="Accession" testId="report-accession">
              {exam.accessionNumber ?? '–'}
            </Fact>
            <Fact label={t('report.header.exam')}>
              {exam.modality} · {exam.description}
            </Fact>
            <Fact label={t('report.header.examDate')}>{formatDateTime(exam.examDate)}</Fact>
            <Fact label={t('report.header.ageSex')}>
              {[
                exam.age ?? '–',
                exam.gender
                  ? t(`report.gender.${exam.gender === 'Male' || exam.gender === 'Female' ? exam.gender : 'Unknown'}`)
                  : null,
              ]
                .filter(Boolean)
                .join(' / ')}
            </Fact>
            {exam.clientName ? <Fact label={t('report.header.client')}>{exam.clientName}</Fact> : null}
            {exam.reviewerName ? <Fact label={t('report.header.reviewer')}>{exam.reviewerName}</Fact> : null}
          </Box>
        ) : null}
      </Box>
      <LanguageSwitch />
    </Box>
  );
}
