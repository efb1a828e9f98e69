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
/** A file being put in two steps (FileStore.putBytesStaged). */
export interface StagedFile {
  /** The file's key, once its bytes are complete under it. */
  written: Promise<StoredFile>;
  /** Settles once the file is flushed to disk. */
  durable: Promise<void>;
  /** True once the file is known flushed, possibly before `durable` settles (false when not known yet). */
  flushedNow?: () => boolean;
}

export interface FileStore {
  put(source: Readable, opts: { prefix: string }): Promise<StoredFile>;
  /**
   * Takes a complete file the server already wrote on local disk (a received DICOM instance) and makes it durable in
   * the store, moving rather than copying where it can. The local file is consumed. `sha256` and `sizeBytes` spare
   * re-reading it; `flushed` settles when the writer's own fsync is done.
   */
  adopt(
    localPath: string,
    opts: { prefix: string; sha256?: string; sizeBytes?: number; flushed?: Promise<void> },
  ): Promise<StoredFile>;
  /**
   * A complete file held in memory (a received DICOM instance), made durable under a new key. `sha256`, when the
   * caller already computed it, spares hashing the bytes again.
   */
  putBytes(bytes: Buffer, opts: { prefix: string; sha256?: string }): Promise<StoredFile>;
  /**
   * putBytes in two steps, for a caller that indexes the file while it is flushed: `written` once the bytes are
   * complete under their key (a killed process keeps them; the key's last part is a fresh UUID), `durable` once they
   * are on disk. After a crash, `crashLeftovers` names the files that were being written. A store without it is
   * used through putBytes.
   */
  putBytesStaged?(bytes: Buffer, opts: { prefix: string; sha256?: string }): StagedFile;
  /**
   * Files written by putBytesStaged in a process that ended without a clean stop, with their sizes now. The caller
   * removes those its index does not refer to whole, then calls `settle` (until then they are listed again).
   */
  crashLeftovers?(prefix: string): { files: { key: string; sizeBytes: number }[]; settle(): void };
  /** Deletes a stored file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  open(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
}
