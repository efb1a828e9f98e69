import DescriptionRounded from '@mui/icons-material/DescriptionRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiRequest } from '@/api/api-client';
import { ApiError } from '@/api/api-error';
import { formatDateTime } from '@/lib/format-date';
import { DownloadImagesButton } from './components/download-images-button';
import { ImagesDialog, type LinkImages } from './public-link-images';

interface PublicLink {
  patientName: string;
  expiresAt: string;
  exams: {
    modalityCode: string;
    accessionNumber: string | null;
    examDate: string;
    description: string;
    hasImage: boolean;
    thumbnailUrl: string | null;
    /** The exam's images (viewer and zip) through the link's token; null without images. */
    images: LinkImages | null;
    /** The released report's PDF by a signed, expiring address; null while there is none (or it awaits audit). */
    reportUrl: string | null;
  }[];
}

/** /link/{linkId}: the export film page anyone with the link (and its PIN, when set) opens without logging in. */
export function PublicLinkPage() {
  const { t } = useTranslation();
  const { linkId = '' } = useParams();
  const [pin, setPin] = useState('');
  const open = useMutation({
    mutationFn: (p?: string) =>
      apiRequest<PublicLink>(`/api/link/${encodeURIComponent(linkId)}/open`, {
        method: 'POST',
        body: p ? { pin: p } : {},
        redirectOnUnauthorized: false,
      }),
    meta: { errorAlert: false },
  });
  const { mutate } = open;
  useEffect(() => {
    mutate(undefined);
  }, [mutate]);
  const needsPin = open.error instanceof ApiError && open.error.status === 403;
  const data = open.data;
  return (
    <Box
      sx={{ maxWidth: 960, mx: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      data-testid="public-link-page"
    >
      <Typography variant="h5" component="h1">
        {t('request.export.title')}
      </Typography>
      {open.isPending ? <CircularProgress /> : null}
      {needsPin ? (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            mutate(pin);
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label="PIN"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            error={Boolean(pin) && needsPin}
            helperText={open.error?.message}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'public-link-pin' } }}
          />
          <Button type="submit" variant="contained" data-testid="public-link-open">
            {t('request.export.open')}
          </Button>
        </Box>
      ) : open.error ? (
        <Alert severity="error" data-testid="public-link-error">
          {open.error.message}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Typography variant="h6" data-testid="public-link-patient">
            {data.patientName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('request.export.expires', { at: formatDateTime(data.expiresAt) })}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 1.5 }}>
            {data.exams.map((e) => (
              <ExamCard key={`${e.modalityCode}-${e.accessionNumber}`} exam={e} />
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}

/** One exam of the link: its thumbnail (opens the viewer), what it is, its images' view and download, its report. */
function ExamCard({ exam: e }: { exam: PublicLink['exams'][number] }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const title = [e.modalityCode, e.accessionNumber, e.description].filter(Boolean).join(' · ');
  return (
    <Card variant="outlined" data-testid="public-link-exam">
      {e.thumbnailUrl ? (
        <ButtonBase
          onClick={() => setViewing(true)}
          disabled={!e.images}
          aria-label={t('publicLink.view')}
          sx={{ display: 'block', width: '100%' }}
        >
          {/* A thumbnail that cannot be drawn (images still arriving, or archived) is left out rather than shown as a black square. */}
          <Box
            component="img"
            src={e.thumbnailUrl}
            alt={e.description}
            data-testid="public-link-thumbnail"
            onError={(ev) => {
              ev.currentTarget.style.display = 'none';
            }}
            sx={{ display: 'block', width: '100%', aspectRatio: '1', objectFit: 'contain', bgcolor: 'common.black' }}
          />
        </ButtonBase>
      ) : null}
      <CardContent>
        <Typography variant="subtitle2">
          {e.modalityCode} · {e.accessionNumber}
        </Typography>
        <Typography variant="body2">{e.description}</Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(e.examDate)}
          {e.hasImage ? '' : ` · ${t('request.export.noImages')}`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1 }}>
          {e.images ? (
            <>
              <Button
                size="small"
                variant="contained"
                startIcon={<PhotoLibraryRounded />}
                onClick={() => setViewing(true)}
                data-testid="public-link-view"
              >
                {t('publicLink.view')}
              </Button>
              <DownloadImagesButton images={e.images} />
            </>
          ) : null}
          {e.reportUrl ? (
            <Button
              size="small"
              variant="outlined"
              startIcon={<DescriptionRounded />}
              href={e.reportUrl}
              target="_blank"
              rel="noopener"
              data-testid="public-link-report"
            >
              {t('request.export.report')}
            </Button>
          ) : null}
        </Box>
        {e.reportUrl ? null : (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('request.export.noReport')}
          </Typography>
        )}
      </CardContent>
      {viewing && e.images ? <ImagesDialog title={title} images={e.images} onClose={() => setViewing(false)} /> : null}
    </Card>
  );
}
