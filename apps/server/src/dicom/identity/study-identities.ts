import type { Database } from '../../db/client';
import {
  reconciledStudiesOfExam,
  StudyIdentityRepository,
  studiesOfPatient,
  type ReconciledStudy,
} from './study-identity.repository';

/**
 * Reconciliation that is not a match: the patient's HN changed, so every study of their exams answers with the new
 * one; or the exam's copy of the name was corrected. A patient merge (not built yet) re-points the exams first and then calls the same (decision io33).
 */
export class StudyIdentities {
  private readonly repo: StudyIdentityRepository;

  constructor(
    db: Database,
    private readonly now: () => Date,
  ) {
    this.repo = new StudyIdentityRepository(db);
  }

  patientChanged(patientId: string): Promise<ReconciledStudy[]> {
    return this.repo.reconcile(studiesOfPatient(patientId), this.now());
  }

  /**
   * The exam's own copy of the name or birth date was corrected (Edit Exam Information): the studies that answer
   * with its identity already (matched, IO30) follow; those that still carry what they were received with stay so.
   */
  examChanged(examId: string): Promise<ReconciledStudy[]> {
    return this.repo.reconcile(reconciledStudiesOfExam(examId), this.now());
  }
}
