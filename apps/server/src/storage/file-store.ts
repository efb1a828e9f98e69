import type { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Where uploaded documents, PDFs and DICOM files live. Local directory by default; an S3-compatible bucket for
 * scale-out implements the same interface. A put is durable before it resolves: nothing acknowledged is lost.
 */
export interface FileStore {
  put(source: Readable, opts: { prefix: string }): Promise<StoredFile>;
  open(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
}
