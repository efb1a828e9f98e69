import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dicomInstances, dicomSeries, dicomStudies } from '../../db/schema/index';
import { examImages, studyExtras, type ExamImageRow } from '../../dicom/exam-images.repository';
import type { DicomJson } from '../../dicom/parse/dicom-json';
import { KEYED_CLASS_PREFIXES, RECORD_KEY_TAGS } from './instance-record-keys';

/** One stored instance of an exam with the study and series attributes its DICOMDIR records need. */
export type ExportInstanceRow = ExamImageRow & {
  /** StudyID (0020,0010): not a column, read from the cached metadata. */
  studyIdAttribute: string | null;
  /** The cached attributes its DICOMDIR record's own keys come from; null for images (they need none). */
  recordAttributes?: DicomJson | null;
};

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
    const [rows, extras, attributes] = await Promise.all([
      examImages(this.db, examId),
      studyExtras(this.db, examId),
      this.recordAttributes(examId),
    ]);
    return rows.map((r) => ({
      ...r,
      studyIdAttribute: extras.get(r.studyId)?.studyIdAttribute ?? null,
      recordAttributes: attributes.get(r.sopInstanceUid) ?? null,
    }));
  }

  /** The few cached attributes of the exam's SR, waveform, RT and encapsulated documents their records carry. */
  private async recordAttributes(examId: string): Promise<Map<string, DicomJson>> {
    const picked = sql.join(
      RECORD_KEY_TAGS.map((t) => sql`${t}::text, ${dicomInstances.metadata}->${t}::text`),
      sql`, `,
    );
    const rows = await this.db
      .select({
        sop: dicomInstances.sopInstanceUid,
        attributes: sql<DicomJson>`jsonb_strip_nulls(jsonb_build_object(${picked}))`,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(
        and(
          eq(dicomStudies.examId, examId),
          isNull(dicomInstances.deletedAt),
          or(...KEYED_CLASS_PREFIXES.map((p) => like(dicomInstances.sopClassUid, `1.2.840.10008.5.1.4.1.1.${p}%`))),
        ),
      );
    return new Map(rows.map((r) => [r.sop, r.attributes]));
  }

  async fingerprint(examId: string): Promise<ImageSetFingerprint> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        bytes: sql<string>`coalesce(sum(${dicomInstances.sizeBytes}), 0)::text`,
        // A reconciliation (match, HN change) changes the files an export holds without adding one: part of the set.
        lastReceivedAt: sql<
          string | null
        >`max(${dicomInstances.receivedAt})::text || coalesce('|' || max(${dicomStudies.reconciledAt})::text, '')`,
        cold: sql<number>`(count(*) filter (where ${dicomInstances.coldKey} is not null))::int`,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(eq(dicomStudies.examId, examId), isNull(dicomInstances.deletedAt)));
    return {
      count: Number(row?.count ?? 0),
      bytes: Number(row?.bytes ?? 0),
      lastReceivedAt: row?.lastReceivedAt ?? null,
      cold: Number(row?.cold ?? 0),
    };
  }
}
