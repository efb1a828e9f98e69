import type { Database } from '../../db/client';
import type { exams } from '../../db/schema/index';
import type { ExamImageState } from '../../dicom/exam-image-state';
import { ExamStateRepository } from './exam-state.repository';

/** An exam row as stored. */
export type ExamRecord = typeof exams.$inferSelect;
/** Columns of an exam a change sets; `version` and `updatedAt` are the writer's. */
export type ExamPatch = Partial<Omit<typeof exams.$inferInsert, 'id' | 'version' | 'updatedAt'>>;

/** Who an exam log line names, what was done and (optionally) when. */
export interface ExamEventInput {
  userId: string | null;
  userName: string;
  action: string;
  detail?: string | null;
  at?: Date;
}

/** A new exam of a request, before it has a state: the request's patient, client, modality and appointment. */
export interface NewExam {
  id: string;
  requestId: string;
  branchId: number;
  hospitalId: number;
  /** The client hospital's code: the Issuer of Patient ID modalities copy into the images. */
  hospitalCode: string;
  accessionNumber: string;
  modalityCode: string;
  description: string;
  bodyPart: string | null;
  examDate: Date;
  referringPhysicianName: string | null;
  patient: {
    id: string;
    hn: string;
    prefixTh: string | null;
    firstNameTh: string;
    middleNameTh: string | null;
    lastNameTh: string | null;
    suffixTh: string | null;
    birthDate: string | null;
    gender: string;
  };
}

/** What a request edit changes on an exam it keeps. */
export interface ExamRevision {
  description: string;
  bodyPart: string | null;
  hospitalId: number;
  referringPhysicianName: string | null;
  /** Only an exam still waiting for the patient moves with the appointment. */
  examDate?: Date;
  /** When the request was saved. */
  at: Date;
}

/**
 * The one writer of `exams` and `exam_events` that other modules are handed: every change bumps the exam's version,
 * sets updatedAt and appends its log line together, inside the caller's transaction (`tx`). The exams module's own
 * actions use it too, through ExamsService.
 */
export interface ExamStateWriter extends ExamImageState {
  /** Schedules the request's new exams (status Scheduled, the patient's identity copied) and logs their creation. */
  schedule(tx: Database, rows: NewExam[], event: Omit<ExamEventInput, 'action' | 'detail'>): Promise<void>;
  /** A request edit: the kept exam follows the request's products, client, doctor and appointment. */
  revise(tx: Database, examId: string, revision: ExamRevision, event: ExamEventInput): Promise<void>;
  /** Soft-deletes live exams (a request deleted, a modality taken off it), each with its reason and log line. */
  remove(
    tx: Database,
    examIds: string[],
    by: { userId: string; userName: string; reason: string; at: Date; detail?: string | null },
  ): Promise<void>;
  /** A report version finished: the report columns of the exam, its first report time kept. */
  reportFinished(tx: Database, examId: string, patch: ExamPatch, event: ExamEventInput & { at: Date }): Promise<void>;
  /**
   * The patient's HN changed: their live exams' copy of it (worklist, Modality Worklist, the PatientID images are
   * checked against) follows, each with its log line, in one transaction. The exams' ids.
   */
  patientHnChanged(patientId: string, hn: string, event: ExamEventInput): Promise<string[]>;
  /** A log line without a change of the exam's own columns (an upload, a download). */
  appendEvent(examId: string, event: ExamEventInput): Promise<void>;
  /**
   * Applies `patch` only if the exam is live and still at `version`, with its log line and whatever `also` writes, in
   * one transaction; undefined on a lost race.
   */
  changeIfVersion(
    examId: string,
    version: number,
    patch: ExamPatch,
    event: ExamEventInput,
    also?: (tx: Database) => Promise<void>,
  ): Promise<ExamRecord | undefined>;
}

/** The exam-state writer on this database (app.ts makes one and hands it to every module and DICOM part that needs it). */
export function createExamState(db: Database): ExamStateWriter {
  return new ExamStateRepository(db);
}
