import type { Series, ViewerPrior } from '@rangsi/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPriorSeries, getPriors } from '../api/viewer-priors';
import { overlayDate } from './viewer-overlay';

export interface PickedPrior {
  prior: ViewerPrior & { token: string };
  series: Series;
}

interface PriorPickerProps {
  examId: string;
  token: string;
  onClose: () => void;
  onPick: (picked: PickedPrior) => void;
}

/** A thumbnail URL of the prior's series, read with the prior's own token (the frame has no session). */
function withToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * Compare with a prior: the patient's earlier exams with images (newest first, as the History dialog has them), then
 * the chosen exam's series. An exam with one series opens at once. Mounted only while open (its choice starts afresh).
 */
export function PriorPicker({ examId, token, onClose, onPick }: PriorPickerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<(ViewerPrior & { token: string }) | null>(null);
  const priors = useQuery({
    queryKey: ['dicom-viewer', 'priors', examId, token],
    queryFn: () => getPriors(examId, token),
    retry: false,
    staleTime: 5 * 60_000,
    meta: { errorAlert: false },
  });
  const series = useQuery({
    queryKey: ['dicom-viewer', 'prior-series', chosen?.examId, chosen?.token],
    queryFn: () => getPriorSeries(chosen!.examId, chosen!.token),
    enabled: chosen !== null,
    retry: false,
    meta: { errorAlert: false },
  });
  const single = series.data?.length === 1 ? series.data[0] : undefined;

  useEffect(() => {
    if (chosen && single) onPick({ prior: chosen, series: single });
  }, [chosen, single, onPick]);

  let body;
  if (!chosen) {
    if (priors.isPending)
      body = (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 2 }}>
          <CircularProgress size={18} />
          {t('viewer.compare.loading')}
        </Box>
      );
    else if (priors.isError) body = <Alert severity="error">{t('viewer.compare.failed')}</Alert>;
    else if (priors.data.length === 0)
      body = (
        <Alert severity="info" data-testid="priors-none">
          {t('viewer.compare.none')}
        </Alert>
      );
    else {
      body = (
        <List dense disablePadding data-testid="prior-list">
          {priors.data.map((p) => {
            const { token: priorToken } = p;
            return (
              <ListItemButton
                key={p.examId}
                disabled={priorToken === null}
                onClick={() => priorToken !== null && setChosen({ ...p, token: priorToken })}
                data-testid="prior-item"
                data-exam-id={p.examId}
                sx={{ borderRadius: 1 }}
              >
                <ListItemText
                  primary={`${overlayDate(p.examDate)} · ${p.modality} · ${p.description || p.accessionNumber || ''}`}
                  secondary={
                    priorToken === null
                      ? t('viewer.compare.archived')
                      : `${p.accessionNumber ?? ''} · ${p.branchName} · ${t('viewer.compare.counts', { series: p.numberOfSeries, count: p.numberOfImages })}`
                  }
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      );
    }
  } else if (series.isPending || single) {
    body = (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 2 }}>
        <CircularProgress size={18} />
        {t('viewer.loading')}
      </Box>
    );
  } else if (series.isError) {
    body = <Alert severity="error">{t('viewer.loadFailed')}</Alert>;
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('viewer.compare.chooseSeries', { date: overlayDate(chosen.examDate) })}
        </Typography>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1 }}
          data-testid="prior-series-list"
        >
          {series.data.map((s) => {
            const description = s.seriesDescription || t('viewer.series.noDescription');
            return (
              <ListItemButton
                key={`${s.seriesId}/${s.imageOrientationPatient ?? ''}`}
                onClick={() => onPick({ prior: chosen, series: s })}
                data-testid="prior-series-item"
                sx={{
                  flexDirection: 'column',
                  alignItems: 'stretch',
                  gap: 0.5,
                  p: 1,
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  sx={{
                    aspectRatio: '1',
                    bgcolor: 'common.black',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    borderRadius: 0.5,
                    overflow: 'hidden',
                  }}
                >
                  {s.thumbnail ? (
                    <Box
                      component="img"
                      src={withToken(s.thumbnail, chosen.token)}
                      alt={description}
                      loading="lazy"
                      sx={{ maxWidth: '100%', maxHeight: '100%' }}
                    />
                  ) : null}
                </Box>
                <Typography variant="body2" noWrap title={description}>
                  {description}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('viewer.series.images', { count: s.frameNumber })}
                </Typography>
              </ListItemButton>
            );
          })}
        </Box>
        <Button startIcon={<ArrowBack />} onClick={() => setChosen(null)} sx={{ mt: 1 }}>
          {t('viewer.compare.back')}
        </Button>
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="prior-picker">
      <DialogTitle>{t('viewer.compare.title')}</DialogTitle>
      <DialogContent>{body}</DialogContent>
    </Dialog>
  );
}
