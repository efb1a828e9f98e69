import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import Link from '@mui/material/Link';
import type { MoneyEntry } from '@rangsi/contract';
import { formatFileSize } from '../lib/attachment-check';

/** An entry's attached file, opened in a new tab (the server serves it to the entry's branch only); – when none. */
export function AttachmentLink({ file }: { file: MoneyEntry['file'] }) {
  if (!file) return <>–</>;
  return (
    <Link
      href={file.url}
      target="_blank"
      rel="noopener"
      underline="hover"
      title={`${file.fileName} (${formatFileSize(file.sizeBytes)})`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, maxWidth: 160, whiteSpace: 'nowrap' }}
      data-testid="attachment-link"
    >
      <AttachFileRounded sx={{ fontSize: 16, flex: 'none' }} />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{file.fileName}</span>
    </Link>
  );
}
