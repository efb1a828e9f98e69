import { eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dicomInstances, dicomSeries, dicomStudies } from '../../db/schema/index';
import { reconcileStudies } from '../identity/study-identity.repository';

/** SQL of the reindex beyond the archive's own: the exam links kept across a rebuild, the keys the index knows. */
export class ReindexRepository {
  constructor(private readonly db: Database) {}

  /** StudyInstanceUID → exam id of every linked study. */
  async examLinks(): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ uid: dicomStudies.studyInstanceUid, examId: dicomStudies.examId })
      .from(dicomStudies)
      .where(isNotNull(dicomStudies.examId));
    return new Map(rows.map((r) => [r.uid, r.examId!]));
  }

  /** The StudyInstanceUIDs of the studies that answer with their exam's identity (IO30): reconciled again after a rebuild. */
  async reconciledStudies(): Promise<string[]> {
    const rows = await this.db
      .select({ uid: dicomStudies.studyInstanceUid })
      .from(dicomStudies)
      .where(isNotNull(dicomStudies.reconciledIdentity));
    return rows.map((r) => r.uid);
  }

  /** Points these rebuilt studies at their exam's identity again, in one transaction. */
  async reconcileAgain(studyUids: string[], now: Date): Promise<void> {
    await this.db.transaction((tx) => reconcileStudies(tx, inArray(dicomStudies.studyInstanceUid, studyUids), now));
  }

  /** Empties the DICOM index (a rebuild makes it again from the files). */
  async emptyIndex(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(dicomInstances);
      await tx.delete(dicomSeries);
      await tx.delete(dicomStudies);
    });
  }

  /** Every instance's storage key; with `archivedOnly`, those of instances in cold storage. */
  async storageKeys(archivedOnly = false): Promise<Set<string>> {
    const rows = await this.db
      .select({ key: dicomInstances.storageKey })
      .from(dicomInstances)
      .where(archivedOnly ? isNotNull(dicomInstances.coldKey) : undefined);
    return new Set(rows.map((r) => r.key));
  }

  /** The instance stored under `key` lives in this cold zip. */
  async markCold(key: string, zipKey: string): Promise<void> {
    await this.db.update(dicomInstances).set({ coldKey: zipKey }).where(eq(dicomInstances.storageKey, key));
  }
}
