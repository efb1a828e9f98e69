import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type ReactNode } from 'react';
import { downloadFile } from '@/api/download-file';

export interface DownloadButtonProps {
  /** The server path of the file (GET). */
  href: string;
  /** The name to save under when the server names none. */
  fileName: string;
  children: ReactNode;
  /** The server's refusal, in its words, for the screen to show; null when a new download starts. */
  onError: (message: string | null) => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  'data-testid'?: string;
}

/** A button that saves a file the server makes on request (an XLSX), busy while it is made. */
export function DownloadButton({
  href,
  fileName,
  children,
  onError,
  variant = 'outlined',
  size,
  disabled = false,
  ...rest
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    onError(null);
    downloadFile(href, fileName)
      .catch((e: unknown) => onError(e instanceof Error && e.message ? e.message : 'ดาวน์โหลดไม่สำเร็จ (Download failed)'))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant={variant}
      size={size}
      onClick={start}
      disabled={disabled || busy}
      aria-busy={busy}
      data-testid={rest['data-testid']}
      startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadRounded />}
    >
      {children}
    </Button>
  );
}
