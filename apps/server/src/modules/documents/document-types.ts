import path from 'node:path';

/** Spec §5: document uploads accept these extensions; file uploads accept any type. */
export const DOCUMENT_EXTENSIONS = [
  '.jpg',
  '.tiff',
  '.pdf',
  '.png',
  '.doc',
  '.docx',
  '.ppt',
  '.pptx',
  '.xls',
  '.xlsx',
  '.jpeg',
  '.txt',
] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.tiff': 'image/tiff',
  '.tif': 'image/tiff',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.dcm': 'application/dicom',
  '.zip': 'application/zip',
};

/** Types a browser may show inline without risk; anything else (HTML, SVG, scripts) is served as a download. */
const INLINE_SAFE = new Set(['image/jpeg', 'image/png', 'application/pdf', 'text/plain; charset=utf-8']);

export function extensionOf(fileName: string): string {
  return path.extname(fileName).toLowerCase();
}

export function isAcceptedDocument(fileName: string): boolean {
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extensionOf(fileName)] ?? 'application/octet-stream';
}

export function isInlineSafe(contentType: string): boolean {
  return INLINE_SAFE.has(contentType);
}

/** A file name safe to store and show: no path parts, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = path
    .basename(name.replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_')
    .trim();
  return (base || 'file').slice(-200);
}

/** Spec §5: a filename prefix replaces the base name and keeps the original extension. */
export function applyFileNamePrefix(original: string, prefix: string | undefined): string {
  if (!prefix?.trim()) return cleanFileName(original);
  return cleanFileName(`${prefix.trim()}${extensionOf(original)}`);
}
