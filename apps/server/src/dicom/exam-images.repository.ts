import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dicomInstances, dicomSeries, dicomStudies } from '../db/schema/index';
import type { StudyIdentity } from './identity/study-identity';

/** One live (not deleted) instance of an exam with its study and series attributes (Weasis manifest, export). */
export interface ExamImageRow {
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
  referringPhysicianName: string | null;
  seriesId: string;
  seriesInstanceUid: string;
  seriesDescription: string | null;
  seriesNumber: number | null;
  modality: string | null;
  sopInstanceUid: string;
  sopClassUid: string;
  transferSyntaxUid: string;
  instanceNumber: number | null;
  storageKey: string;
  sizeBytes: number;
  /** The file is in cold storage only (archived): it cannot be served until the exam is unzipped. */
  cold: boolean;
  /** The study's reconciled identity, patched into the file on its way out; null: sent as stored. */
  identity?: StudyIdentity | null;
}

/** Attributes kept only in the cached metadata, read from one instance per study. */
export interface StudyExtras {
  studyIdAttribute: string | null;
  issuerOfPatientId: string | null;
}

/** The images of one exam, in study, series and instance order. */
export async function examImages(db: Database, examId: string): Promise<ExamImageRow[]> {
  const rows = await db
    .select({
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
      referringPhysicianName: dicomStudies.referringPhysicianName,
      seriesId: dicomSeries.id,
      seriesInstanceUid: dicomSeries.seriesInstanceUid,
      seriesDescription: dicomSeries.seriesDescription,
      seriesNumber: dicomSeries.seriesNumber,
      modality: dicomSeries.modality,
      sopInstanceUid: dicomInstances.sopInstanceUid,
      sopClassUid: dicomInstances.sopClassUid,
      transferSyntaxUid: dicomInstances.transferSyntaxUid,
      instanceNumber: dicomInstances.instanceNumber,
      storageKey: dicomInstances.storageKey,
      sizeBytes: dicomInstances.sizeBytes,
      cold: sql<boolean>`${dicomInstances.coldKey} is not null`,
      identity: dicomStudies.reconciledIdentity,
    })
    .from(dicomInstances)
    .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
    .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
    .where(and(eq(dicomStudies.examId, examId), isNull(dicomInstances.deletedAt)))
    .orderBy(
      asc(dicomStudies.studyDate),
      asc(dicomStudies.studyInstanceUid),
      sql`${dicomSeries.seriesNumber} nulls last`,
      asc(dicomSeries.seriesInstanceUid),
      sql`${dicomInstances.instanceNumber} nulls last`,
      asc(dicomInstances.sopInstanceUid),
    )
    .limit(1_000_000);
  return rows.map((r) => ({ ...r, sizeBytes: Number(r.sizeBytes) }));
}

/** StudyID and IssuerOfPatientID of each study of the exam, from one instance's cached metadata (not every one's). */
export async function studyExtras(db: Database, examId: string): Promise<Map<string, StudyExtras>> {
  // Spelled out: in a single-table query Drizzle would render the outer column as a bare "id" inside the subquery.
  const first = (tag: string) =>
    sql<
      string | null
    >`(select i.metadata->${tag}->'Value'->>0 from dicom_series se join dicom_instances i on i.series_id = se.id where se.study_id = dicom_studies.id and i.deleted_at is null limit 1)`;
  const rows = await db
    .select({
      id: dicomStudies.id,
      studyIdAttribute: first('00200010'),
      // A reconciled study answers its exam's issuer (decision io30), not the modality's.
      issuerOfPatientId: sql<
        string | null
      >`(case when ${dicomStudies.reconciledIdentity} is null then ${first('00100021')} else ${dicomStudies.reconciledIdentity}->'00100021'->'Value'->>0 end)`,
    })
    .from(dicomStudies)
    .where(eq(dicomStudies.examId, examId));
  return new Map(
    rows.map((r) => [r.id, { studyIdAttribute: r.studyIdAttribute, issuerOfPatientId: r.issuerOfPatientId }]),
  );
}
