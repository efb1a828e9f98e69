import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dicomInstances, dicomSeries, dicomStudies } from '../../db/schema/index';

/** SQL for the viewer: one series of an exam and its instances. */
export class ViewerRepository {
  constructor(private readonly db: Database) {}

  async seriesOfExam(examId: string, seriesId: string) {
    const [row] = await this.db.select({
      seriesId: dicomSeries.id,
      seriesInstanceUid: dicomSeries.seriesInstanceUid,
      studyInstanceUid: dicomStudies.studyInstanceUid,
      thumbnailKey: dicomSeries.thumbnailKey,
    })
      .from(dicomSeries)
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      // A series whose images were all deleted counts none (the delete sets 0) and is no longer the exam's.
      .where(and(eq(dicomSeries.id, seriesId), eq(dicomStudies.examId, examId), gt(dicomSeries.numberOfInstances, 0)))
      .limit(1);
    return row;
  }

  async instances(seriesId: string) {
    return this.db.select({
      sopInstanceUid: dicomInstances.sopInstanceUid,
      sopClassUid: dicomInstances.sopClassUid,
      instanceNumber: dicomInstances.instanceNumber,
      numberOfFrames: dicomInstances.numberOfFrames,
      orientation: dicomInstances.imageOrientationPatient,
      storageKey: dicomInstances.storageKey,
      transferSyntaxUid: dicomInstances.transferSyntaxUid,
    })
      .from(dicomInstances)
      .where(and(eq(dicomInstances.seriesId, seriesId), isNull(dicomInstances.deletedAt)))
      .orderBy(sql`${dicomInstances.instanceNumber} nulls last`, asc(dicomInstances.sopInstanceUid))
      .limit(100_000);
  }
}
