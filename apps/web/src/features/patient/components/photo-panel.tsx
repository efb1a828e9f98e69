import BadgeRounded from '@mui/icons-material/BadgeRounded';
import CameraAltRounded from '@mui/icons-material/CameraAltRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded';
import UploadRounded from '@mui/icons-material/UploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { patientImageUrl } from '../api/save-patient-image';
import { downscaleImage } from '@/lib/image-file';
import { PhoneCaptureDialog } from './phone-capture-dialog';
import { WebcamDialog } from './webcam-dialog';

/** Anything bigger is not a photo of a person; it would only be downscaled anyway. */
const MAX_PICK_BYTES = 25 * 1024 * 1024;

interface PhotoPanelProps {
  /** A saved patient's id; null for a new one (the phone QR needs a saved patient). */
  patientId: string | null;
  hasImage: boolean;
  imageVersion: number;
  /** A photo chosen for a new patient, saved with it. */
  pendingPhoto: string | null;
  /** The photo of the ID card just read, offered with a confirmation (spec §4). */
  cardPhoto: string | null;
  saving: boolean;
  /** Without PATIENT_EDIT the photo is shown, not changed. */
  readOnly?: boolean;
  onPhoto: (dataUrl: string) => void;
  onUseCardPhoto: () => void;
}

/** Spec issue 6 item 5: the patient's photo, from a file, the webcam, a phone (QR) or the ID card. */
export function PhotoPanel({
  patientId,
  hasImage,
  imageVersion,
  pendingPhoto,
  cardPhoto,
  saving,
  readOnly = false,
  onPhoto,
  onUseCardPhoto,
}: PhotoPanelProps) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<'webcam' | 'qr' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [imageFailed, setImageFailed] = useState<number | null>(null);

  const src =
    pendingPhoto ??
    (patientId && hasImage && imageFailed !== imageVersion ? patientImageUrl(patientId, imageVersion) : null);

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t('patient.photo.notImage'));
    if (file.size > MAX_PICK_BYTES) return setError(t('patient.photo.tooLarge'));
    try {
      onPhoto(await downscaleImage(file, 1024));
    } catch {
      setError(t('patient.photo.notImage'));
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }} data-testid="photo-panel">
      <Box
        sx={{
          position: 'relative',
          width: 104,
          height: 130,
          flexShrink: 0,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'illustration.tint',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
        }}
      >
        {src ? (
          <Box
            component="img"
            src={src}
            alt={t('patient.photo.alt')}
            data-testid="patient-photo"
            onError={() => setImageFailed(imageVersion)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <PersonRounded sx={{ fontSize: 72, color: 'illustration.line' }} aria-label={t('patient.photo.none')} />
        )}
        {saving ? (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(255,255,255,0.7)',
            }}
          >
            <CircularProgress size={28} aria-label={t('patient.photo.saving')} />
          </Box>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, alignItems: 'flex-start', minWidth: 0 }}>
        <Button
          size="small"
          startIcon={<UploadRounded />}
          onClick={() => fileRef.current?.click()}
          disabled={saving || readOnly}
          data-testid="photo-upload"
        >
          {t('patient.photo.upload')}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => void pickFile(event)}
          data-testid="photo-file"
        />
        <Button
          size="small"
          startIcon={<CameraAltRounded />}
          onClick={() => setDialog('webcam')}
          disabled={saving || readOnly}
        >
          {t('patient.photo.webcam')}
        </Button>
        <Tooltip title={patientId ? '' : t('patient.photo.qrNeedsSave')}>
          <span>
            <Button
              size="small"
              startIcon={<PhoneIphoneRounded />}
              onClick={() => setDialog('qr')}
              disabled={!patientId || saving || readOnly}
              data-testid="photo-phone"
            >
              {t('patient.photo.phone')}
            </Button>
          </span>
        </Tooltip>
        {cardPhoto ? (
          <Button
            size="small"
            startIcon={<BadgeRounded />}
            onClick={onUseCardPhoto}
            disabled={saving || readOnly}
            data-testid="photo-card"
          >
            {t('patient.photo.useCard')}
          </Button>
        ) : null}
        {pendingPhoto && !patientId ? (
          <Typography variant="caption" color="text.secondary">
            {t('patient.photo.pending')}
          </Typography>
        ) : null}
        {error ? (
          <Typography variant="caption" color="error" role="alert">
            {error}
          </Typography>
        ) : null}
      </Box>
      {dialog === 'webcam' ? (
        <WebcamDialog
          onClose={() => setDialog(null)}
          onPhoto={(dataUrl) => {
            setDialog(null);
            onPhoto(dataUrl);
          }}
        />
      ) : null}
      {dialog === 'qr' && patientId ? (
        <PhoneCaptureDialog
          patientId={patientId}
          onClose={() => setDialog(null)}
          onPhoto={(dataUrl) => {
            setDialog(null);
            onPhoto(dataUrl);
          }}
        />
      ) : null}
    </Box>
  );
}
