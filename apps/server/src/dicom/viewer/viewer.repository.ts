import { and, asc, eq, sql } from 'drizzle-orm';
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
      .where(and(eq(dicomSeries.id, seriesId), eq(dicomStudies.examId, examId)))
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
      .where(eq(dicomInstances.seriesId, seriesId))
      .orderBy(sql`${dicomInstances.instanceNumber} nulls last`, asc(dicomInstances.sopInstanceUid))
      .limit(100_000);
  }
}
