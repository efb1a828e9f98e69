import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { needsAcceptance } from '@rangsi/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { PageSpinner } from '@/components/page-spinner';
import { acceptViewerExam, getSeries, issueViewerToken } from './api/viewer-exam';
import { AcceptGate } from '@/components/accept-gate';
import { SeriesList } from './components/series-list';
import { UnzipProgress } from './components/unzip-progress';
import { useFrameSource } from './hooks/use-frame-source';
import { useReadyExam } from './hooks/use-ready-exam';
import { viewerTheme } from './viewer-theme';

/**
 * Spec §2 Series viewer: /viewer/{examId}?examBranchId=, full screen, title Series; the series list on the left and
 * the selected series in a frame on the right at {branch image cache}DicomViewer/{examId}/{seriesId}/{orientation}.
 */
export function SeriesPage() {
  const { examId = '' } = useParams();
  const { t } = useTranslation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const reader = { isDoctor: me.roleName === 'Doctor', userId: me.userId };
  const { exam, restoring, ready, failedRestore, error } = useReadyExam(examId, (e) => !needsAcceptance(e, reader));
  const mustAccept = exam ? needsAcceptance(exam, reader) : false;
  const series = useQuery({ queryKey: ['viewer', 'series', examId], queryFn: () => getSeries(examId), enabled: ready });
  // One token for the page: the frame's address carries it (it lives two hours, spec §6 "viewer links").
  const token = useQuery({
    queryKey: ['viewer', 'token', examId],
    queryFn: () => issueViewerToken(examId),
    enabled: ready,
    staleTime: 60 * 60_000,
  });
  const [selected, setSelected] = useState(0);
  const current = series.data?.[selected];
  const src = useFrameSource(examId, current, token.data?.token);

  useEffect(() => {
    document.title = 'Series';
  }, []);

  let main;
  if (error)
    main = (
      <Alert severity="error" sx={{ m: 'auto' }}>
        {t('viewer.loadFailed')}
      </Alert>
    );
  else if (exam && mustAccept)
    main = (
      <AcceptGate
        exam={exam}
        words="viewer.accept"
        accept={() => acceptViewerExam(exam)}
        onAccepted={(fresh) => queryClient.setQueryData(['viewer', 'exam', exam.examId], fresh)}
      />
    );
  else if (restoring) main = <UnzipProgress />;
  else if (failedRestore)
    main = (
      <Alert severity="error" sx={{ m: 'auto' }} data-testid="unzip-failed">
        {t('viewer.unzip.failed')}
      </Alert>
    );
  else if (series.data && series.data.length === 0)
    main = (
      <Alert severity="info" sx={{ m: 'auto' }}>
        {t('viewer.series.none')}
      </Alert>
    );
  else if (src)
    main = (
      <Box
        component="iframe"
        key={src}
        src={src}
        title={t('viewer.frameTitle')}
        data-testid="viewer-frame"
        allow="fullscreen"
        // The viewer is keyboard first: its shortcuts work at once, without a click into the frame first.
        onLoad={(e: SyntheticEvent<HTMLIFrameElement>) => e.currentTarget.focus()}
        sx={{ border: 0, width: '100%', height: '100%', display: 'block' }}
      />
    );
  else main = <PageSpinner label={t('viewer.loading')} />;

  return (
    <ThemeProvider theme={viewerTheme}>
      <CssBaseline />
      <Box
        sx={{
          height: '100vh',
          display: 'flex',
          bgcolor: 'background.default',
          color: 'text.primary',
          overflow: 'hidden',
        }}
      >
        <Box
          component="nav"
          aria-label={t('viewer.series.title')}
          sx={{
            width: 168,
            flex: 'none',
            borderRight: 1,
            borderColor: 'divider',
            overflowY: 'auto',
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ px: 1, pt: 1 }}>
            <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Series
            </Typography>
            {exam ? (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                noWrap
                title={exam.patientName ?? ''}
              >
                {exam.hn} {exam.patientName}
              </Typography>
            ) : null}
          </Box>
          {series.data ? <SeriesList series={series.data} selected={selected} onSelect={setSelected} /> : null}
        </Box>
        <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', bgcolor: 'common.black' }}>
          {main}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
