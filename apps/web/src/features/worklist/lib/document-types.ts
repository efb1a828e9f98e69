import { DOCUMENT_EXTENSIONS } from './constants';

export type ExamUploadKind = 'document' | 'file';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
}

/** Spec §5: documents accept a fixed list of types; files accept anything. The server checks again. */
export function isAcceptedUpload(kind: ExamUploadKind, fileName: string): boolean {
  return kind === 'file' || (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/** The file input's accept attribute, so the picker offers the right files first. */
export function acceptAttribute(kind: ExamUploadKind): string | undefined {
  return kind === 'document' ? DOCUMENT_EXTENSIONS.join(',') : undefined;
}

/** Spec §5: a prefix replaces the base name and keeps the original extension (the server applies it; this previews it). */
export function previewFileName(original: string, prefix: string): string {
  return prefix.trim() ? `${prefix.trim()}${extensionOf(original)}` : original;
}
