import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dicomInstances, dicomSeries, dicomStudies, exams, patients } from '../../db/schema/index';
import { identityJson, type IdentityValues, type StudyIdentity } from './study-identity';

const SEX: Record<string, string> = { Male: 'M', Female: 'F', M: 'M', F: 'F', Other: 'O', O: 'O' };

/** A study whose index now answers with its exam's patient and accession number. */
export interface ReconciledStudy {
  studyId: string;
  studyInstanceUid: string;
  examId: string;
  /** The exam's patient (the audit row names them). */
  patientId: string | null;
}

/** One stored instance with what its study said when it arrived and what it says now (the auditor's view). */
export interface OriginalInstance {
  storageKey: string;
  sopInstanceUid: string;
  studyInstanceUid: string;
  archived: boolean;
  examId: string | null;
  originalIdentity: Record<string, string | null> | null;
  reconciledIdentity: StudyIdentity | null;
}

/**
 * Points the studies chosen by `which` (linked to an exam) at their exam's identity, inside the caller's transaction:
 * PatientID is the patient's HN now (the exam's copy when it has no patient row), the name as the worklist gives it
 * (English=Thai), birth date, sex and issuer from the exam's copy, its accession number. The first reconciliation keeps
 * what the study said before. Studies are locked in id order, as the ingest locks them (studies before series).
 */
export async function reconcileStudies(tx: Database, which: SQL, now: Date): Promise<ReconciledStudy[]> {
  const rows = await tx
    .select({
      studyId: dicomStudies.id,
      studyInstanceUid: dicomStudies.studyInstanceUid,
      examId: exams.id,
      patientId: exams.patientId,
      original: dicomStudies.originalIdentity,
      was: {
        PatientID: dicomStudies.patientId,
        PatientName: dicomStudies.patientName,
        PatientBirthDate: dicomStudies.patientBirthDate,
        PatientSex: dicomStudies.patientSex,
        AccessionNumber: dicomStudies.accessionNumber,
      },
      hn: sql<string>`coalesce(nullif(${patients.hn}, ''), ${exams.hn})`,
      thaiName: sql<string>`rtrim(coalesce(${exams.lastName}, '') || '^' || ${exams.firstName} || '^' || coalesce(${exams.middleName}, '') || '^' || coalesce(${exams.prefixName}, ''), '^')`,
      englishName: sql<string>`rtrim(coalesce(${patients.lastNameEn}, '') || '^' || coalesce(${patients.firstNameEn}, '') || '^' || coalesce(${patients.middleNameEn}, '') || '^' || coalesce(${patients.prefixEn}, '') || '^' || coalesce(${patients.suffixEn}, ''), '^')`,
      birthDate: sql<string | null>`to_char(${exams.birthDate}, 'YYYYMMDD')`,
      gender: exams.gender,
      issuer: exams.issuerOfPatientId,
      accession: exams.accessionNumber,
    })
    .from(dicomStudies)
    .innerJoin(exams, eq(exams.id, dicomStudies.examId))
    .leftJoin(patients, eq(patients.id, exams.patientId))
    .where(which)
    .orderBy(asc(dicomStudies.id))
    .for('update', { of: dicomStudies });
  for (const r of rows) {
    const values: IdentityValues = {
      patientId: r.hn,
      // As the modality worklist gives it (DN6): the English name alphabetic and the Thai one ideographic, or Thai alone.
      patientName: r.englishName ? `${r.englishName}=${r.thaiName}` : r.thaiName,
      issuerOfPatientId: r.issuer ?? '',
      patientBirthDate: r.birthDate ?? '',
      patientSex: SEX[r.gender ?? ''] ?? '',
      accessionNumber: r.accession ?? '',
    };
    await tx
      .update(dicomStudies)
      .set({
        patientId: values.patientId || null,
        patientName: values.patientName || null,
        patientBirthDate: values.patientBirthDate || null,
        patientSex: values.patientSex || null,
        accessionNumber: values.accessionNumber || null,
        reconciledIdentity: identityJson(values),
        originalIdentity: r.original ?? r.was,
        reconciledAt: now,
        updatedAt: now,
      })
      .where(eq(dicomStudies.id, r.studyId));
  }
  return rows.map((r) => ({
    studyId: r.studyId,
    studyInstanceUid: r.studyInstanceUid,
    examId: r.examId,
    patientId: r.patientId,
  }));
}

/** Which studies: those of this patient's live exams. */
export function studiesOfPatient(patientId: string): SQL {
  return sql`${dicomStudies.examId} in (select ${exams.id} from ${exams} where ${exams.patientId} = ${patientId} and ${exams.deletedAt} is null)`;
}

/** Which studies: those of this exam that answer with its identity already. */
export function reconciledStudiesOfExam(examId: string): SQL {
  return and(eq(dicomStudies.examId, examId), isNotNull(dicomStudies.reconciledIdentity))!;
}

/** Which studies: this one. */
export function studyWithId(studyId: string): SQL {
  return eq(dicomStudies.id, studyId);
}

/** SQL of the reconciliation that runs on its own (a patient's HN changed) and of the auditor's original file. */
export class StudyIdentityRepository {
  constructor(private readonly db: Database) {}

  reconcile(which: SQL, now: Date): Promise<ReconciledStudy[]> {
    return this.db.transaction((tx) => reconcileStudies(tx, which, now));
  }

  async originalInstance(
    study: string,
    series: string,
    sop: string,
    visible: SQL,
  ): Promise<OriginalInstance | undefined> {
    const [row] = await this.db
      .select({
        storageKey: dicomInstances.storageKey,
        sopInstanceUid: dicomInstances.sopInstanceUid,
        studyInstanceUid: dicomStudies.studyInstanceUid,
        archived: sql<boolean>`(${dicomInstances.coldKey} is not null)`,
        examId: dicomStudies.examId,
        originalIdentity: dicomStudies.originalIdentity,
        reconciledIdentity: dicomStudies.reconciledIdentity,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(
        and(
          visible,
          eq(dicomStudies.studyInstanceUid, study),
          eq(dicomSeries.seriesInstanceUid, series),
          eq(dicomInstances.sopInstanceUid, sop),
          isNull(dicomInstances.deletedAt),
        ),
      )
      .limit(1);
    return row;
  }
}
