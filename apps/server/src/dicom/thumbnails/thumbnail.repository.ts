import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dicomInstances, dicomSeries, dicomStudies } from '../../db/schema/index';

/** SQL of the series thumbnails: which series a study has, their images, where a thumbnail is kept. */
export class ThumbnailRepository {
  constructor(private readonly db: Database) {}

  /** The study's series with their live image count (counted here: the series row's count is updated a moment later). */
  seriesOfStudy(studyInstanceUid: string) {
    return this.db
      .select({
        id: dicomSeries.id,
        count: sql<number>`(select count(*)::int from ${dicomInstances} i where i.series_id = ${dicomSeries.id} and i.deleted_at is null)`,
        key: dicomSeries.thumbnailKey,
      })
      .from(dicomSeries)
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(eq(dicomStudies.studyInstanceUid, studyInstanceUid));
  }

  async setThumbnail(seriesId: string, key: string): Promise<void> {
    await this.db.update(dicomSeries).set({ thumbnailKey: key }).where(eq(dicomSeries.id, seriesId));
  }

  /** The series' images that have a hot file (not deleted, not in cold storage), in instance order. */
  hotImagesOfSeries(seriesId: string) {
    return this.db
      .select({
        key: dicomInstances.storageKey,
        size: dicomInstances.sizeBytes,
        orientation: dicomInstances.imageOrientationPatient,
      })
      .from(dicomInstances)
      .where(
        and(eq(dicomInstances.seriesId, seriesId), isNull(dicomInstances.deletedAt), isNull(dicomInstances.coldKey)),
      )
      .orderBy(sql`${dicomInstances.instanceNumber} nulls last`, asc(dicomInstances.sopInstanceUid));
  }
}
