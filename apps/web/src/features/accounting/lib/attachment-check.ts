import { MAX_ATTACHMENT_BYTES } from '@rangsi/contract';

/** The file picker's filter: the types the server keeps (decision acc25: JPEG, PNG or PDF by content). */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

const TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);
const EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
const MB = MAX_ATTACHMENT_BYTES / 1024 / 1024;

export const ATTACHMENT_MESSAGES = {
  type: 'ไฟล์แนบต้องเป็นรูปภาพ JPEG, PNG หรือ PDF (attachments: JPEG, PNG or PDF)',
  size: `ไฟล์แนบมีขนาดใหญ่เกิน ${MB} MB (attachments: at most ${MB} MB)`,
  empty: 'ไฟล์แนบว่างเปล่า (the file is empty)',
} as const;

/**
 * Why a chosen file cannot be attached, before a byte is sent; null when it may go. The browser's type is a guess from
 * the name (some systems give none), so a known extension is enough here; the server still checks the content.
 */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | null {
  if (!TYPES.has(file.type) && !(file.type === '' && EXTENSIONS.test(file.name))) return ATTACHMENT_MESSAGES.type;
  if (file.size > MAX_ATTACHMENT_BYTES) return ATTACHMENT_MESSAGES.size;
  if (file.size === 0) return ATTACHMENT_MESSAGES.empty;
  return null;
}

/** A file's size as people read it: bytes, KB or MB with one decimal (1 KB = 1024 bytes, as the 10 MB limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
