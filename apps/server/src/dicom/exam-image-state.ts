import type { Database } from '../db/client';

/** The exam log line of a change the DICOM library makes: who (a person, or the system) and what. */
export interface ExamImageEvent {
  userId: string | null;
  userName: string;
  action: string;
  detail: string;
}

/**
 * What the DICOM library changes on an exam: images arrived, went to cold storage, came back. The exams module is the
 * only writer of exams and exam_events and implements this; the library is handed it when it is wired, so that the
 * library never imports a module. Every method that takes `tx` writes inside the caller's transaction.
 */
export interface ExamImageState {
  /**
   * A study was linked to the exam: it has images, a Scheduled exam is Arrived, a branch that audits images puts it
   * in WaitingForAudit, and it keeps its first StudyInstanceUID and receive time; logged.
   */
  imagesReceived(
    tx: Database,
    examId: string,
    at: Date,
    studyInstanceUid: string,
    event: ExamImageEvent,
  ): Promise<void>;
  /**
   * The study's images are in a cold zip now: the exam shows Archive, if it is live and the study is still its own.
   * False when the exam was not changed (deleted meanwhile, or the study unlinked).
   */
  archived(tx: Database, examId: string, studyId: string, at: Date, event: ExamImageEvent): Promise<boolean>;
  /** Nothing of the exam is left in cold storage: Archive or Error becomes Uploaded. False when it was neither. */
  restored(tx: Database, examId: string, at: Date, event: ExamImageEvent): Promise<boolean>;
  /** The restore gave up: Archive or Error becomes Error, the log says why. */
  restoreFailed(tx: Database, examId: string, at: Date, event: ExamImageEvent): Promise<void>;
  /**
   * A modality started the exam's procedure (MPPS N-CREATE, IN PROGRESS): a Scheduled exam is Arrived, so the worklist
   * stops offering it; logged. False when the exam is deleted.
   */
  procedureStarted(tx: Database, examId: string, at: Date, event: ExamImageEvent): Promise<boolean>;
  /**
   * The modality ended the procedure (MPPS COMPLETED or DISCONTINUED); logged. A step discontinued before any image
   * arrived puts an Arrived exam back to Scheduled, so the worklist offers it again. False when the exam is deleted.
   */
  procedureEnded(
    tx: Database,
    examId: string,
    at: Date,
    outcome: 'completed' | 'discontinued',
    event: ExamImageEvent,
  ): Promise<boolean>;
  /** The exam's StudyInstanceUID, given one now if it had none (the modality writes it into the images). */
  ensureStudyInstanceUid(examId: string): Promise<string>;
}
