import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dicomInstances, dicomSeries, dicomStudies } from '../../db/schema/index';

/** One stored instance of an exam with the study and series attributes its DICOMDIR records need. */
export interface ExportInstanceRow {
  studyId: string;
  studyInstanceUid: string;
  patientId: string | null;
  patientName: string | null;
  patientBirthDate: string | null;
  patientSex: string | null;
  accessionNumber: string | null;
  studyDate: string | null;
  studyTime: string | null;
  studyDescription: string | null;
  /** StudyID (0020,0010): not a column, read from the cached metadata. */
  studyIdAttribute: string | null;
  seriesId: string;
  seriesInstanceUid: string;
  modality: string | null;
  seriesNumber: number | null;
  seriesDescription: string | null;
  sopInstanceUid: string;
  sopClassUid: string;
  transferSyntaxUid: string;
  instanceNumber: number | null;
  storageKey: string;
  sizeBytes: number;
}

/** What identifies the set of images an export was made from: it changes when an image is added or taken off. */
export interface ImageSetFingerprint {
  count: number;
  bytes: number;
  lastReceivedAt: string | null;
  /** Instances whose file is in cold storage only (archived): they cannot be exported until unzipped. */
  cold: number;
}

/** SQL for the export: the images of one exam, in study, series and instance order. */
export class ExportRepository {
  constructor(private readonly db: Database) {}

  async instancesOfExam(examId: string): Promise<ExportInstanceRow[]> {
    const rows = await this.db.select({
      studyId: dicomStudies.id,
      studyInstanceUid: dicomStudies.studyInstanceUid,
      patientId: dicomStudies.patientId,
      patientName: dicomStudies.patientName,
      patientBirthDate: dicomStudies.patientBirthDate,
      patientSex: dicomStudies.patientSex,
      accessionNumber: dicomStudies.accessionNumber,
      studyDate: dicomStudies.studyDate,
      studyTime: dicomStudies.studyTime,
      studyDescription: dicomStudies.studyDescription,
      seriesId: dicomSeries.id,
      seriesInstanceUid: dicomSeries.seriesInstanceUid,
      modality: dicomSeries.modality,
      seriesNumber: dicomSeries.seriesNumber,
      seriesDescription: dicomSeries.seriesDescription,
      sopInstanceUid: dicomInstances.sopInstanceUid,
      sopClassUid: dicomInstances.sopClassUid,
      transferSyntaxUid: dicomInstances.transferSyntaxUid,
      instanceNumber: dicomInstances.instanceNumber,
      storageKey: dicomInstances.storageKey,
      sizeBytes: dicomInstances.sizeBytes,
    })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(eq(dicomStudies.examId, examId), isNull(dicomInstances.deletedAt)))
      .orderBy(
        asc(dicomStudies.studyDate), asc(dicomStudies.studyInstanceUid),
        sql`${dicomSeries.seriesNumber} nulls last`, asc(dicomSeries.seriesInstanceUid),
        sql`${dicomInstances.instanceNumber} nulls last`, asc(dicomInstances.sopInstanceUid),
      )
      .limit(1_000_000);
    const studyIds = await this.studyIdAttributes(examId);
    return rows.map((r) => ({ ...r, studyIdAttribute: studyIds.get(r.studyId) ?? null, sizeBytes: Number(r.sizeBytes) }));
  }

  /** StudyID (0020,0010) of each study of the exam, from one instance's cached metadata (not every instance's). */
  private async studyIdAttributes(examId: string): Promise<Map<string, string | null>> {
    // Spelled out: in a single-table query Drizzle would render the outer column as a bare "id" inside the subquery.
    const rows = await this.db.select({
      id: dicomStudies.id,
      studyIdAttribute: sql<string | null>`(select i.metadata->'00200010'->'Value'->>0 from dicom_series se join dicom_instances i on i.series_id = se.id where se.study_id = dicom_studies.id and i.deleted_at is null limit 1)`,
    }).from(dicomStudies).where(eq(dicomStudies.examId, examId));
    return new Map(rows.map((r) => [r.id, r.studyIdAttribute]));
  }

  async fingerprint(examId: string): Promise<ImageSetFingerprint> {
    const [row] = await this.db.select({
      count: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${dicomInstances.sizeBytes}), 0)::text`,
      lastReceivedAt: sql<string | null>`max(${dicomInstances.receivedAt})::text`,
      cold: sql<number>`(count(*) filter (where ${dicomInstances.coldKey} is not null))::int`,
    })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(eq(dicomStudies.examId, examId), isNull(dicomInstances.deletedAt)));
    return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0), lastReceivedAt: row?.lastReceivedAt ?? null, cold: Number(row?.cold ?? 0) };
  }
}
