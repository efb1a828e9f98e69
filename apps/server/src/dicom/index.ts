import type { Database } from '../db/client';
import type { FileStore } from '../storage/file-store';
import type { ExamImageState } from './exam-image-state';
import { LocalDicomArchive, type LocalArchiveOptions } from './archive/local-archive';

export type { DicomArchive, IngestContext, IngestResult } from './archive';
export type { ExamImageState } from './exam-image-state';
export { LocalDicomArchive } from './archive/local-archive';

/** The archive the server uses: Rangsi's own, on the FileStore (prefix 'dicom') and the database. */
export function createArchive(
  db: Database,
  store: FileStore,
  examState: ExamImageState,
  opts: LocalArchiveOptions = {},
): LocalDicomArchive {
  return new LocalDicomArchive(db, store, examState, opts);
}
