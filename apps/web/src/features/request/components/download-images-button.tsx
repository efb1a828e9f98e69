import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DicomExportProfile } from '@rangsi/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, type ExportUrls } from '../api/download-export';

const PROFILES = [
  { value: 'as-stored', label: 'publicLink.profileAsStored', hint: 'publicLink.profileAsStoredHint' },
  { value: 'STD-GEN-CD', label: 'publicLink.profileGenCd', hint: 'publicLink.profileGenCdHint' },
] as const satisfies readonly { value: DicomExportProfile; label: string; hint: string }[];

/**
 * Downloads the exam's images as the export zip (DICOMDIR inside), in the format chosen: as stored (the default: the
 * modality's own files, the smallest) or for a general-purpose CD (STD-GEN-CD: uncompressed, any DICOM reader opens it).
 */
export function DownloadImagesButton({ images }: { images: ExportUrls }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [profile, setProfile] = useState<DicomExportProfile>('as-stored');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const download = useMutation({
    mutationFn: () => downloadExport(images, profile, setProgress),
    onSettled: () => setProgress(null),
    meta: { errorAlert: false },
  });
  const leftOut = download.data?.leftOutCount ?? 0;
  return (
    // A row of its own under the card's other actions, with room above the field's label for Thai tone marks.
    <Box sx={{ flexBasis: '100%', pt: 1 }}>
      <Box sx={{ display: 'flex', columnGap: 1, rowGap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          id={selectId}
          label={t('publicLink.profile')}
          value={profile}
          onChange={(e) => {
            setProfile(e.target.value as DicomExportProfile);
            download.reset();
          }}
          disabled={download.isPending}
          sx={{ minWidth: 220 }}
          data-testid="public-link-profile"
          slotProps={{ select: { renderValue: (v) => t(PROFILES.find((p) => p.value === v)!.label) } }}
        >
          {PROFILES.map((p) => (
            <MenuItem key={p.value} value={p.value} data-testid={`public-link-profile-${p.value}`}>
              <ListItemText primary={t(p.label)} secondary={t(p.hint)} />
            </MenuItem>
          ))}
        </TextField>
        <Button
          size="small"
          variant="outlined"
          startIcon={download.isPending ? <CircularProgress size={16} /> : <FileDownloadRounded />}
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
          data-testid="public-link-download"
        >
          {t('publicLink.download')}
        </Button>
      </Box>
      {download.isPending ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {progress ? t('publicLink.preparing', progress) : t('publicLink.preparingStart')}
        </Typography>
      ) : null}
      {leftOut > 0 ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="public-link-left-out">
          {t('publicLink.leftOut', { count: leftOut })}
        </Alert>
      ) : null}
      {download.isError ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="public-link-download-error">
          {download.error.message || t('publicLink.downloadFailed')}
        </Alert>
      ) : null}
    </Box>
  );
}
