import type { Database } from '../../db/client';
import { StudyIdentityRepository, studiesOfPatient, type ReconciledStudy } from './study-identity.repository';

/**
 * Reconciliation that is not a match: the patient's HN changed, so every study of their exams answers with the new
 * one. A patient merge (not built yet) re-points the exams first and then calls the same (decision io33).
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
}
