import CloseRounded from '@mui/icons-material/CloseRounded';
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { useCreatePhotoCaptureQr, usePhotoCaptureQrResult, type PhotoCaptureQr } from '../api/photo-capture-qr';
import { ConfirmDialog } from '@/components/confirm-dialog';

interface PhoneCaptureDialogProps {
  patientId: string;
  onClose: () => void;
  /** The phone's photo, once the user chose to use it. */
  onPhoto: (dataUrl: string) => void;
}

/** Draws the QR in the browser (the `qrcode` package, loaded only when this dialog opens). */
function useQrImage(url: string | undefined): string | null {
  const [image, setImage] = useState<{ url: string; dataUrl: string } | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let cancelled = false;
    void import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 232, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => {
        if (!cancelled) setImage({ url, dataUrl });
      });
    return () => {
      cancelled = true;
    };
  }, [url]);
  return image && image.url === url ? image.dataUrl : null;
}

function useSecondsLeft(expiresAt: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.round((new Date(expiresAt).getTime() - now) / 1000));
}

/**
 * Spec §2/§7: the phone-camera dialog. Creates a single-use capture link, shows it as a QR for
 * {origin}/capture/qr/{qrId}, polls every 1000 ms until the phone has uploaded, and shows the photo. Closing before
 * the photo was used asks to confirm cancelling (spec §8).
 */
export function PhoneCaptureDialog({ patientId, onClose, onPhoto }: PhoneCaptureDialogProps) {
  const { t } = useTranslation();
  const create = useCreatePhotoCaptureQr();
  const [qr, setQr] = useState<PhotoCaptureQr | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const result = usePhotoCaptureQrResult(qr?.qrId ?? null);
  const qrImage = useQrImage(qr?.url);
  const secondsLeft = useSecondsLeft(qr?.expiresAt);
  const photo = result.data?.base64Image ?? null;
  const expired =
    (result.error instanceof ApiError && (result.error.status === 410 || result.error.status === 404)) ||
    (secondsLeft === 0 && !photo);

  const { mutate } = create;
  const newLink = () => {
    setQr(null);
    mutate(patientId, { onSuccess: setQr });
  };
  const started = useRef(false);
  useEffect(() => {
    // Once per dialog: a second link (StrictMode's double effect) would leave the first one open for nothing.
    if (started.current) return;
    started.current = true;
    mutate(patientId, { onSuccess: setQr });
  }, [mutate, patientId]);

  const requestClose = () => setConfirmClose(true);

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        maxWidth="sm"
        fullWidth
        aria-labelledby="phone-capture-title"
        data-testid="phone-capture-dialog"
      >
        <DialogTitle id="phone-capture-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
          <PhoneIphoneRounded color="primary" />
          {t('patient.photo.qrTitle')}
          <IconButton
            aria-label={t('patient.photo.close')}
            onClick={requestClose}
            sx={{ position: 'absolute', right: 12, top: 12 }}
          >
            <CloseRounded />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {photo ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
              <Alert severity="success" sx={{ alignSelf: 'stretch' }}>
                {t('patient.photo.qrReceived')}
              </Alert>
              <Box
                component="img"
                src={photo}
                alt={t('patient.photo.preview')}
                data-testid="phone-capture-photo"
                sx={{ maxWidth: 280, maxHeight: 320, borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
            </Box>
          ) : expired ? (
            <Alert
              severity="warning"
              data-testid="phone-capture-expired"
              action={<Button onClick={newLink}>{t('patient.photo.qrNew')}</Button>}
            >
              {t('patient.photo.qrExpired')}
            </Alert>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '248px 1fr' },
                gap: 2.5,
                alignItems: 'center',
              }}
            >
              <Box
                sx={{
                  width: 248,
                  height: 248,
                  display: 'grid',
                  placeItems: 'center',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: 'common.white',
                  justifySelf: 'center',
                }}
              >
                {qrImage ? (
                  <Box
                    component="img"
                    src={qrImage}
                    alt={t('patient.photo.qrAlt')}
                    data-testid="phone-capture-qr"
                    data-url={qr?.url}
                    sx={{ width: 232, height: 232, imageRendering: 'pixelated' }}
                  />
                ) : (
                  <CircularProgress aria-label={t('app.loading')} />
                )}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" gutterBottom>
                  {t('patient.photo.qrStepsTitle')}
                </Typography>
                <Box component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.5 }, typography: 'body2' }}>
                  <li>{t('patient.photo.qrStep1')}</li>
                  <li>{t('patient.photo.qrStep2')}</li>
                  <li>{t('patient.photo.qrStep3')}</li>
                </Box>
                <Box
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, color: 'text.secondary' }}
                  role="status"
                >
                  <CircularProgress size={16} thickness={5} />
                  <Typography variant="body2">{t('patient.photo.qrWaiting')}</Typography>
                </Box>
                {secondsLeft !== null ? (
                  <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {t('patient.photo.qrExpiresIn', {
                      time: `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`,
                    })}
                  </Typography>
                ) : null}
                {qr ? (
                  <Typography
                    variant="caption"
                    component="p"
                    color="text.secondary"
                    sx={{ mt: 1, wordBreak: 'break-all' }}
                    data-testid="phone-capture-url"
                  >
                    {qr.url}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          )}
          {create.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {create.error.message || t('error.generic')}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={requestClose}>{t('patient.photo.cancel')}</Button>
          {photo ? (
            <>
              <Button onClick={newLink}>{t('patient.photo.retake')}</Button>
              <Button variant="contained" onClick={() => onPhoto(photo)} data-testid="phone-capture-use">
                {t('patient.photo.use')}
              </Button>
            </>
          ) : null}
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmClose}
        title={t('patient.photo.qrCancelTitle')}
        text={t('patient.photo.qrCancelText')}
        confirmLabel={t('patient.photo.qrCancelYes')}
        cancelLabel={t('patient.photo.qrCancelNo')}
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
        onCancel={() => setConfirmClose(false)}
        testId="phone-capture-cancel"
        danger
      />
    </>
  );
}
