import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the open answer gives per exam with images: everything goes through the link's one token (decision rq12). */
export interface LinkImages {
  token: string;
  /** GET: the exam's series (envelope), each with its seriesId. */
  seriesUrl: string;
  exportCheckUrl: string;
  exportUrl: string;
}

/** One series of the exam as the patient's viewer pages through it: its label and one address per image (frame). */
interface SeriesImages {
  seriesId: string;
  description: string;
  images: string[];
}

interface SeriesInstances {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  instances: { sopInstanceUid: string; instanceNumber: number | null; numberOfFrames: number }[];
}

/** A multi-frame image shows at most this many frames here (the zip has them all). */
const MAX_FRAMES = 300;

async function envelope<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as { success?: boolean; data?: T } | null;
  if (!res.ok || !body?.success) throw new Error(String(res.status));
  return body.data as T;
}

/** The exam's series (the viewer's list) and their images, each a server-rendered JPEG (WADO-RS rendered). */
async function loadSeries(images: LinkImages): Promise<SeriesImages[]> {
  const q = `token=${encodeURIComponent(images.token)}`;
  const listed = await envelope<{ seriesId: string; seriesDescription: string | null }[]>(images.seriesUrl);
  // A series split by orientation is listed once per orientation; the patient pages through it whole.
  const series = listed.filter((s, i) => listed.findIndex((o) => o.seriesId === s.seriesId) === i);
  const examPath = new URL(images.seriesUrl, window.location.origin).pathname;
  return Promise.all(
    series.map(async (s) => {
      const inst = await envelope<SeriesInstances>(`${examPath}/${encodeURIComponent(s.seriesId)}/instances?${q}`);
      const at = `/dicomweb/studies/${inst.studyInstanceUid}/series/${inst.seriesInstanceUid}`;
      const urls = [...inst.instances]
        .sort((a, b) => (a.instanceNumber ?? 0) - (b.instanceNumber ?? 0))
        .flatMap((i) => {
          const sop = `${at}/instances/${i.sopInstanceUid}`;
          const frames = Math.min(i.numberOfFrames, MAX_FRAMES);
          if (frames <= 1) return [`${sop}/rendered?${q}`];
          return Array.from({ length: frames }, (_, f) => `${sop}/frames/${f + 1}/rendered?${q}`);
        });
      return { seriesId: s.seriesId, description: s.seriesDescription ?? '', images: urls };
    }),
  );
}

/** The patient's image viewer: one series at a time, full-size rendered images, previous and next (keys too). */
export function ImagesDialog({ title, images, onClose }: { title: string; images: LinkImages; onClose: () => void }) {
  const { t } = useTranslation();
  const series = useQuery({
    queryKey: ['public-link-images', images.seriesUrl],
    queryFn: () => loadSeries(images),
    staleTime: Infinity,
    retry: false,
  });
  const [seriesAt, setSeriesAt] = useState(0);
  const [imageAt, setImageAt] = useState(0);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const list = series.data ?? [];
  const current = list[seriesAt];
  const total = current?.images.length ?? 0;
  const url = current?.images[imageAt];
  const go = (delta: number) => setImageAt((i) => Math.min(Math.max(i + delta, 0), Math.max(total - 1, 0)));

  useEffect(() => setState('loading'), [url]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowDown') setImageAt((i) => Math.min(i + 1, Math.max(total - 1, 0)));
      if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') setImageAt((i) => Math.max(i - 1, 0));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total]);

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-label={t('publicLink.viewer', { title })}
      slotProps={{ paper: { sx: { bgcolor: 'common.black', color: 'common.white' } } }}
      data-testid="public-link-viewer"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: '1 1 auto', minWidth: 0 }} noWrap>
          {title}
        </Typography>
        {url ? (
          <Button
            size="small"
            color="inherit"
            href={url}
            target="_blank"
            rel="noopener"
            startIcon={<OpenInNewRounded />}
            data-testid="public-link-full-size"
          >
            {t('publicLink.fullSize')}
          </Button>
        ) : null}
        <IconButton
          color="inherit"
          onClick={onClose}
          aria-label={t('publicLink.close')}
          data-testid="public-link-close"
        >
          <CloseRounded />
        </IconButton>
      </Box>
      {list.length > 1 ? (
        <Box sx={{ display: 'flex', gap: 1, px: 1.5, pb: 1, overflowX: 'auto' }} role="tablist">
          {list.map((s, i) => (
            <Chip
              key={s.seriesId}
              role="tab"
              aria-selected={i === seriesAt}
              label={`${t('publicLink.series', { n: i + 1 })}${s.description ? ` · ${s.description}` : ''} (${s.images.length})`}
              color={i === seriesAt ? 'primary' : 'default'}
              variant={i === seriesAt ? 'filled' : 'outlined'}
              onClick={() => {
                setSeriesAt(i);
                setImageAt(0);
              }}
              sx={i === seriesAt ? undefined : { color: 'common.white', borderColor: 'grey.600' }}
              data-testid="public-link-series"
            />
          ))}
        </Box>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', alignItems: 'center' }}>
        {series.isPending ? <CircularProgress sx={{ mx: 'auto' }} aria-label={t('publicLink.loading')} /> : null}
        {series.isError || (series.isSuccess && total === 0) ? (
          <Alert severity="warning" sx={{ mx: 'auto' }}>
            {t('publicLink.noImages')}
          </Alert>
        ) : null}
        {url ? (
          <>
            <Box
              component="img"
              key={url}
              src={url}
              alt={t('publicLink.imageAlt', { at: imageAt + 1, total })}
              onLoad={() => setState('shown')}
              onError={() => setState('failed')}
              data-testid="public-link-image"
              sx={{
                width: '100%',
                height: '100%',
                objectFit: 'contain',
                display: state === 'failed' ? 'none' : 'block',
              }}
            />
            {state === 'loading' ? (
              <CircularProgress sx={{ position: 'absolute', left: 'calc(50% - 20px)', top: 'calc(50% - 20px)' }} />
            ) : null}
            {state === 'failed' ? (
              <Alert
                severity="warning"
                sx={{ position: 'absolute', left: 16, right: 16, mx: 'auto', width: 'fit-content' }}
              >
                {t('publicLink.imageFailed')}
              </Alert>
            ) : null}
          </>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, p: 1.5 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="large"
          onClick={() => go(-1)}
          disabled={imageAt <= 0}
          startIcon={<ChevronLeftRounded />}
          data-testid="public-link-previous"
          sx={{ '&.Mui-disabled': { color: 'grey.700', borderColor: 'grey.800' } }}
        >
          {t('publicLink.previous')}
        </Button>
        <Typography variant="body2" data-testid="public-link-position" sx={{ minWidth: 72, textAlign: 'center' }}>
          {total ? t('publicLink.position', { at: imageAt + 1, total }) : ''}
        </Typography>
        <Button
          variant="outlined"
          color="inherit"
          size="large"
          onClick={() => go(1)}
          disabled={imageAt >= total - 1}
          endIcon={<ChevronRightRounded />}
          data-testid="public-link-next"
          sx={{ '&.Mui-disabled': { color: 'grey.700', borderColor: 'grey.800' } }}
        >
          {t('publicLink.next')}
        </Button>
      </Box>
    </Dialog>
  );
}
