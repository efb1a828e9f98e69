import CameraAltRounded from '@mui/icons-material/CameraAltRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureVideoFrame } from '@/lib/image-file';

interface WebcamDialogProps {
  onClose: () => void;
  onPhoto: (dataUrl: string) => void;
}

/** Browsers without camera access (plain http on another host, old ones) have no mediaDevices at all. */
const cameraSupported = () => typeof (navigator.mediaDevices as MediaDevices | undefined)?.getUserMedia === 'function';

type CameraState =
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'taken'; dataUrl: string }
  | { kind: 'failed'; reason: 'unsupported' | 'denied' | 'missing' | 'busy' };

/** Photo from the workstation's camera (getUserMedia); without a camera or permission it says so and offers upload instead. */
export function WebcamDialog({ onClose, onPhoto }: WebcamDialogProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>(() =>
    cameraSupported() ? { kind: 'starting' } : { kind: 'failed', reason: 'unsupported' },
  );

  useEffect(() => {
    if (!cameraSupported()) return undefined;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false })
      .then(
        (stream) => {
          if (cancelled) {
            stream.getTracks().forEach((track) => track.stop());
            return;
          }
          streamRef.current = stream;
          if (videoRef.current) {
            videoRef.current.srcObject = stream;
            void videoRef.current.play().catch(() => undefined);
          }
          setState({ kind: 'live' });
        },
        (error: unknown) => {
          if (cancelled) return;
          const name = error instanceof DOMException ? error.name : '';
          setState({
            kind: 'failed',
            reason:
              name === 'NotAllowedError' || name === 'SecurityError'
                ? 'denied'
                : name === 'NotReadableError'
                  ? 'busy'
                  : 'missing',
          });
        },
      );
    return () => {
      cancelled = true;
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, []);

  const take = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    setState({ kind: 'taken', dataUrl: captureVideoFrame(video) });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="webcam-title" data-testid="webcam-dialog">
      <DialogTitle id="webcam-title">{t('patient.photo.webcamTitle')}</DialogTitle>
      <DialogContent>
        {state.kind === 'failed' ? (
          <Alert severity="warning">{t(`patient.photo.camera.${state.reason}`)}</Alert>
        ) : (
          <Box
            sx={{
              position: 'relative',
              bgcolor: 'grey.900',
              borderRadius: 1,
              overflow: 'hidden',
              aspectRatio: '4 / 3',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              sx={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                display: state.kind === 'taken' ? 'none' : 'block',
              }}
            />
            {state.kind === 'taken' ? (
              <Box
                component="img"
                src={state.dataUrl}
                alt={t('patient.photo.preview')}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : null}
            {state.kind === 'starting' ? (
              <CircularProgress
                sx={{ position: 'absolute', color: 'common.white' }}
                aria-label={t('patient.photo.camera.starting')}
              />
            ) : null}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('patient.photo.cancel')}</Button>
        {state.kind === 'taken' ? (
          <>
            <Button onClick={() => setState({ kind: 'live' })}>{t('patient.photo.retake')}</Button>
            <Button variant="contained" onClick={() => onPhoto(state.dataUrl)}>
              {t('patient.photo.use')}
            </Button>
          </>
        ) : (
          <Button variant="contained" startIcon={<CameraAltRounded />} onClick={take} disabled={state.kind !== 'live'}>
            {t('patient.photo.take')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
