import type { Database } from '../db/client';
import type { FileStore } from '../storage/file-store';
import { LocalDicomArchive, type LocalArchiveOptions } from './archive/local-archive';

export type { DicomArchive, IngestContext, IngestResult } from './archive';
export { LocalDicomArchive } from './archive/local-archive';

/** The archive the server uses: Rangsi's own, on the FileStore (prefix 'dicom') and the database. */
export function createArchive(db: Database, store: FileStore, opts: LocalArchiveOptions = {}): LocalDicomArchive {
  return new LocalDicomArchive(db, store, opts);
}
