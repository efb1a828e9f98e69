import type { Readable } from 'node:stream';

/** Who sent an instance, for the index and the allow-list (never patient data). */
export interface IngestContext {
  /** Calling AE title for DIMSE, 'STOW' or 'WEB-IMPORT' for HTTP. */
  source: string;
  userId?: string | null;
  /**
   * The character set the sender is configured to use when an instance declares none (DICOM_AE_ASSUMED_CHARACTER_SETS,
   * looked up once per association); absent: the archive's default (DICOM_ASSUMED_CHARACTER_SET).
   */
  assumedCharacterSet?: string | undefined;
  /** Who the exam log names for images a person imported (defaults to `source`). */
  userName?: string | null;
  /**
   * Web import: link the instance's study to this exam whatever its AccessionNumber says. A study already linked to
   * another exam is refused ('error'), never moved.
   */
  examId?: string | null;
  /**
   * A check by the caller (STOW-RS, web import) once the instance is read and before anything is stored: the study it
   * goes to, whether that study exists, and the exam it is (or would be) linked to. Answering a reason refuses the
   * instance ('error'); null admits it.
   */
  admit?: (target: {
    studyInstanceUid: string;
    sopClassUid: string;
    studyExists: boolean;
    examId: string | null;
  }) => Promise<string | null>;
}

/** What a receiver already knows of the file it wrote, so the archive need not read it again. */
export interface ReceivedFileFacts {
  sizeBytes: number;
  sha256: string;
  /** The first bytes of the file (the first MiB, or all of a smaller file). */
  head: Buffer;
  /** Settles when the receiver's fsync of the file is done (rejects on an I/O error): the archive then only moves it. */
  flushed: Promise<void>;
}

/** What happened to one instance; the DIMSE receiver turns it into a C-STORE status, STOW-RS into a response entry. */
export type IngestResult =
  | { status: 'stored'; sopInstanceUid: string; studyInstanceUid: string; examId: string | null }
  | { status: 'duplicate'; sopInstanceUid: string; studyInstanceUid: string; examId: string | null }
  | {
      status: 'refused';
      reason: string;
      code: 'not-dicom' | 'truncated' | 'missing-uid' | 'unsupported-sop-class' | 'too-large' | 'error';
    };

/**
 * The archive as a whole: store, index, query, retrieve and new-study events. Rangsi's own archive implements it on
 * the FileStore and the database; a later backend implements it over DICOMweb to Orthanc or dcm4chee.
 */
export interface DicomArchive {
  /**
   * Takes a complete DICOM Part-10 file already written to `tempPath` (preamble, meta header, dataset, as received)
   * and makes it durable and indexed. Resolves only when the file is flushed to disk and its index rows committed;
   * the temp file is consumed (moved or deleted) either way.
   */
  ingestFile(tempPath: string, ctx: IngestContext, received?: ReceivedFileFacts): Promise<IngestResult>;
  /**
   * The same for a complete Part-10 file held in memory (what a receiver keeps of an instance up to a MiB): nothing
   * need be on disk before; resolves when the stored file is flushed and its index rows committed.
   */
  ingestBytes(bytes: Buffer, ctx: IngestContext, facts?: { sha256?: string }): Promise<IngestResult>;
  /** The stored bytes of one instance, exactly as received. */
  openInstance(sopInstanceUid: string): Promise<Readable | null>;
  /** Called after a study gained instances (linking, thumbnails, notifications). */
  onStudyChanged(listener: (e: { studyInstanceUid: string; examId: string | null }) => void): () => void;
}
