import CameraAltRounded from '@mui/icons-material/CameraAltRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { RangsiMark } from '@/components/brand/rangsi-mark';
import { useCaptureStatus, useUploadCapture } from './api/capture-qr';
import { downscaleImage } from '@/lib/image-file';

const MAX_PICK_BYTES = 30 * 1024 * 1024;

/**
 * /capture/qr/{qrId}: the page the phone opens from the QR of the patient form (spec §7). No login: the random,
 * single-use, expiring id is the permission. Take or pick a photo, check it, send it; then a thank-you.
 */
export function CapturePage() {
  const { t } = useTranslation();
  const { qrId = '' } = useParams();
  const status = useCaptureStatus(qrId);
  const upload = useUploadCapture(qrId);
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);

  useEffect(() => {
    document.title = t('capture.pageTitle');
  }, [t]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPickError(null);
    if (!file.type.startsWith('image/')) return setPickError(t('capture.notImage'));
    if (file.size > MAX_PICK_BYTES) return setPickError(t('capture.tooLarge'));
    setPreparing(true);
    try {
      // Larger than the patient form's 1024 px: a document photographed on a phone must stay readable.
      setPhoto(await downscaleImage(file, 1280));
    } catch {
      setPickError(t('capture.notImage'));
    } finally {
      setPreparing(false);
    }
  };

  const gone =
    (status.isSuccess && !status.data.valid) ||
    (upload.error instanceof ApiError && (upload.error.status === 410 || upload.error.status === 404));
  const uploadFailed = upload.isError && !gone;

  let body;
  if (status.isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  } else if (upload.isSuccess) {
    body = (
      <Box sx={{ textAlign: 'center', py: 4 }} data-testid="capture-done">
        <CheckCircleRounded sx={{ fontSize: 72, color: 'success.main' }} />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('capture.doneTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('capture.doneText')}
        </Typography>
      </Box>
    );
  } else if (status.isError || gone) {
    body = (
      <Box sx={{ textAlign: 'center', py: 4 }} data-testid="capture-invalid">
        <LinkOffRounded sx={{ fontSize: 64, color: 'text.secondary' }} />
        <Typography variant="h6" component="h1" sx={{ mt: 1 }}>
          {status.isError && !gone ? t('capture.loadFailed') : t('capture.invalidTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {status.isError && !gone ? t('capture.loadFailedText') : t('capture.invalidText')}
        </Typography>
      </Box>
    );
  } else {
    body = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="capture-ready">
        <Box>
          <Typography variant="h5" component="h1">
            {t('capture.title')}
          </Typography>
          <Typography color="text.secondary">{t('capture.subtitle')}</Typography>
        </Box>
        <Box
          sx={{
            aspectRatio: '3 / 4',
            width: '100%',
            maxHeight: '52vh',
            borderRadius: 2,
            border: 2,
            borderStyle: photo ? 'solid' : 'dashed',
            borderColor: photo ? 'primary.main' : 'divider',
            bgcolor: 'illustration.tint',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {preparing ? (
            <CircularProgress aria-label={t('capture.preparing')} />
          ) : photo ? (
            <Box
              component="img"
              src={photo}
              alt={t('capture.preview')}
              data-testid="capture-preview"
              sx={{ width: '100%', height: '100%', objectFit: 'contain', bgcolor: 'grey.900' }}
            />
          ) : (
            <Typography color="text.secondary" sx={{ px: 3, textAlign: 'center' }}>
              {t('capture.hint')}
            </Typography>
          )}
        </Box>
        {pickError ? <Alert severity="warning">{pickError}</Alert> : null}
        {uploadFailed ? <Alert severity="error">{upload.error.message || t('capture.uploadFailed')}</Alert> : null}
        <input
          ref={cameraRef}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(event) => void pick(event)}
          data-testid="capture-camera-input"
        />
        <input
          ref={galleryRef}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => void pick(event)}
          data-testid="capture-file-input"
        />
        {photo ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
            <Button
              size="large"
              variant="contained"
              onClick={() => upload.mutate(photo)}
              disabled={upload.isPending}
              startIcon={upload.isPending ? <CircularProgress size={18} color="inherit" /> : <CheckCircleRounded />}
              data-testid="capture-send"
              sx={{ py: 1.5, fontSize: '1.05rem' }}
            >
              {upload.isPending ? t('capture.sending') : t('capture.send')}
            </Button>
            <Button size="large" onClick={() => setPhoto(null)} disabled={upload.isPending}>
              {t('capture.retake')}
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
            <Button
              size="large"
              variant="contained"
              startIcon={<CameraAltRounded />}
              onClick={() => cameraRef.current?.click()}
              sx={{ py: 1.5, fontSize: '1.05rem' }}
              disabled={preparing}
            >
              {t('capture.take')}
            </Button>
            <Button
              size="large"
              variant="outlined"
              startIcon={<PhotoLibraryRounded />}
              onClick={() => galleryRef.current?.click()}
              sx={{ py: 1.25 }}
              disabled={preparing}
            >
              {t('capture.pick')}
            </Button>
          </Box>
        )}
      </Box>
    );
  }

  return (
    <Box
      sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', justifyContent: 'center' }}
      data-testid="capture-page"
    >
      <Box sx={{ width: '100%', maxWidth: 480, px: 2, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <RangsiMark size={28} />
          <Typography variant="subtitle1" component="div">
            {t('app.productName')} · {t('app.productNameTh')}
          </Typography>
        </Box>
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider', p: 2 }}>{body}</Box>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('capture.privacy')}
        </Typography>
      </Box>
    </Box>
  );
}
