import { and, asc, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, dicomInstances, dicomSeries, dicomStudies, exams } from '../../db/schema/index';

/** SQL for the viewer: one series of an exam and its instances, the patient's prior exams with images. */
export class ViewerRepository {
  constructor(private readonly db: Database) {}

  async seriesOfExam(examId: string, seriesId: string) {
    const [row] = await this.db
      .select({
        seriesId: dicomSeries.id,
        seriesInstanceUid: dicomSeries.seriesInstanceUid,
        studyInstanceUid: dicomStudies.studyInstanceUid,
        thumbnailKey: dicomSeries.thumbnailKey,
        modality: dicomSeries.modality,
      })
      .from(dicomSeries)
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      // A series whose images were all deleted counts none (the delete sets 0) and is no longer the exam's.
      .where(and(eq(dicomSeries.id, seriesId), eq(dicomStudies.examId, examId), gt(dicomSeries.numberOfInstances, 0)))
      .limit(1);
    return row;
  }

  async instances(seriesId: string) {
    return this.db
      .select({
        sopInstanceUid: dicomInstances.sopInstanceUid,
        sopClassUid: dicomInstances.sopClassUid,
        instanceNumber: dicomInstances.instanceNumber,
        numberOfFrames: dicomInstances.numberOfFrames,
        orientation: dicomInstances.imageOrientationPatient,
        storageKey: dicomInstances.storageKey,
        transferSyntaxUid: dicomInstances.transferSyntaxUid,
        // DICOM JSON of the stored header: ImagePositionPatient and FrameOfReferenceUID, for slice sync and MPR.
        position: sql<unknown>`${dicomInstances.metadata}->'00200032'->'Value'`,
        frameOfReferenceUid: sql<string | null>`${dicomInstances.metadata}->'00200052'->'Value'->>0`,
        // What the orientation markers, scale bar and mammography hanging read (decision V16).
        patientOrientation: sql<unknown>`${dicomInstances.metadata}->'00200020'->'Value'`,
        laterality: sql<
          string | null
        >`coalesce(${dicomInstances.metadata}->'00200062'->'Value'->>0, ${dicomInstances.metadata}->'00200060'->'Value'->>0)`,
        viewPosition: sql<string | null>`${dicomInstances.metadata}->'00185101'->'Value'->>0`,
        pixelSpacing: sql<unknown>`${dicomInstances.metadata}->'00280030'->'Value'`,
        imagerPixelSpacing: sql<unknown>`${dicomInstances.metadata}->'00181164'->'Value'`,
      })
      .from(dicomInstances)
      .where(and(eq(dicomInstances.seriesId, seriesId), isNull(dicomInstances.deletedAt)))
      .orderBy(sql`${dicomInstances.instanceNumber} nulls last`, asc(dicomInstances.sopInstanceUid))
      .limit(100_000);
  }

  /** The same instances in the same order with only what picks one (no header JSON read): the preview's first image. */
  async instanceOrder(seriesId: string) {
    return this.db
      .select({ sopInstanceUid: dicomInstances.sopInstanceUid, orientation: dicomInstances.imageOrientationPatient })
      .from(dicomInstances)
      .where(and(eq(dicomInstances.seriesId, seriesId), isNull(dicomInstances.deletedAt)))
      .orderBy(sql`${dicomInstances.instanceNumber} nulls last`, asc(dicomInstances.sopInstanceUid))
      .limit(100_000);
  }

  /**
   * Earlier exams of the patient (exam date before this one's) that hold images, newest first, within `scope` —
   * the History dialog's exams (ExamsRepository.related) narrowed to what the viewer can compare.
   */
  async priors(exam: { id: string; patientId: string | null; examDate: Date }, scope: SQL, limit = 20) {
    if (!exam.patientId) return [];
    return this.db
      .select({
        examId: exams.id,
        accessionNumber: exams.accessionNumber,
        examDate: exams.examDate,
        modality: exams.modalityCode,
        description: exams.description,
        zipStatus: exams.zipStatus,
        branchName: branches.name,
        series: sql<number>`count(distinct ${dicomSeries.id})::int`,
        images: sql<number>`coalesce(sum(${dicomSeries.numberOfInstances}), 0)::int`,
      })
      .from(exams)
      .innerJoin(branches, eq(branches.id, exams.branchId))
      .innerJoin(dicomStudies, eq(dicomStudies.examId, exams.id))
      .innerJoin(dicomSeries, and(eq(dicomSeries.studyId, dicomStudies.id), gt(dicomSeries.numberOfInstances, 0)))
      .where(
        and(
          eq(exams.patientId, exam.patientId),
          ne(exams.id, exam.id),
          lt(exams.examDate, exam.examDate),
          isNull(exams.deletedAt),
          scope,
        ),
      )
      .groupBy(exams.id, branches.name)
      .orderBy(desc(exams.examDate))
      .limit(limit);
  }
}
