import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients, photoCaptures } from '../../db/schema/index';

/** SQL of patient photos and the one-time phone-camera capture links. */
export class PatientPhotosRepository {
  constructor(private readonly db: Database) {}

  /** A live patient within `scope`, with the key of their photo. */
  async patientPhoto(id: string, scope: SQL) {
    const [row] = await this.db
      .select({ id: patients.id, imageKey: patients.imageKey })
      .from(patients)
      .where(and(eq(patients.id, id), isNull(patients.deletedAt), scope))
      .limit(1);
    return row;
  }

  async setPhoto(patientId: string, imageKey: string, at: Date): Promise<void> {
    await this.db.update(patients).set({ imageKey, updatedAt: at }).where(eq(patients.id, patientId));
  }

  async insertCapture(values: { patientId: string; createdBy: string; expiresAt: Date }) {
    const [row] = await this.db.insert(photoCaptures).values(values).returning();
    return row!;
  }

  async captureOf(qrId: string, createdBy: string) {
    const [row] = await this.db
      .select()
      .from(photoCaptures)
      .where(and(eq(photoCaptures.id, qrId), eq(photoCaptures.createdBy, createdBy)))
      .limit(1);
    return row;
  }

  async capture(qrId: string) {
    const [row] = await this.db.select().from(photoCaptures).where(eq(photoCaptures.id, qrId)).limit(1);
    return row;
  }

  /** True while the capture is neither used nor expired at `now`. */
  async isCaptureOpen(qrId: string, now: Date): Promise<boolean> {
    const open = await this.db
      .select({ id: photoCaptures.id })
      .from(photoCaptures)
      .where(and(eq(photoCaptures.id, qrId), isNull(photoCaptures.completedAt), gt(photoCaptures.expiresAt, now)))
      .limit(1);
    return open.length > 0;
  }

  /** Claims the capture for this photo; the completed_at guard makes it atomic (of two phones racing, one wins). */
  async claimCapture(qrId: string, imageKey: string, now: Date): Promise<boolean> {
    const claimed = await this.db
      .update(photoCaptures)
      .set({ imageKey, completedAt: now })
      .where(and(eq(photoCaptures.id, qrId), isNull(photoCaptures.completedAt), gt(photoCaptures.expiresAt, now)))
      .returning({ id: photoCaptures.id });
    return claimed.length > 0;
  }
}
