import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ExportLink } from '@rangsi/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';

/** Export Film (spec §2): the public link /link/{linkId}, its QR code and the patient name. */
export function ExportLinkDialog({
  link,
  error,
  onClose,
}: {
  link: ExportLink | undefined;
  error: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState('');
  useEffect(() => {
    if (!link) return;
    void QRCode.toString(link.qrcode, { type: 'svg', margin: 1, width: 180 }).then(setSvg);
  }, [link]);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="export-link-title"
      data-testid="export-link-dialog"
    >
      <DialogTitle id="export-link-title">{t('exportLink.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        {error ? (
          <Typography color="error">{error}</Typography>
        ) : !link ? (
          <CircularProgress />
        ) : (
          <>
            <Typography variant="subtitle1" data-testid="export-link-patient">
              {link.patientName}
            </Typography>
            <Box
              role="img"
              aria-label={t('exportLink.qr')}
              sx={{ width: 180, height: 180 }}
              dangerouslySetInnerHTML={{ __html: svg }}
            />
            <Link
              href={link.linkHostUrl}
              target="_blank"
              rel="noopener"
              sx={{ wordBreak: 'break-all' }}
              data-testid="export-link-url"
            >
              {link.linkHostUrl}
            </Link>
            <Typography variant="caption" color="text.secondary">
              {t('exportLink.expires', { at: formatDateTime(link.expiresAt) })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('exportLink.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
