import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { dicomInstances } from '../../../db/schema/index';

/** Reads of the DICOM index for a storage commitment: which of the named instances the archive holds. */
export class StorageCommitmentRepository {
  constructor(private readonly db: Database) {}

  /**
   * SOP Instance UID → SOP Class UID of the live (not deleted) instances among `uids`. A row is there only once its
   * C-STORE went through the archive (IN9: a failed flush takes the row back), so it names a file on disk.
   */
  async heldInstances(uids: readonly string[]): Promise<Map<string, string>> {
    const held = new Map<string, string>();
    for (let i = 0; i < uids.length; i += 1000) {
      const rows = await this.db
        .select({ uid: dicomInstances.sopInstanceUid, sopClassUid: dicomInstances.sopClassUid })
        .from(dicomInstances)
        .where(and(inArray(dicomInstances.sopInstanceUid, uids.slice(i, i + 1000)), isNull(dicomInstances.deletedAt)));
      for (const r of rows) held.set(r.uid, r.sopClassUid);
    }
    return held;
  }
}
