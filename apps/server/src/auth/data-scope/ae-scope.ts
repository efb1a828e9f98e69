import { inArray, sql, type SQL } from 'drizzle-orm';
import { branches, dicomStudies, exams, hospitals } from '../../db/schema/index';

/** What a DICOM workstation or modality (by its AE title) may see: everything, or some branches' or hospitals' exams. */
export type AeScope = { kind: 'all' } | { kind: 'branch' | 'hospital'; codes: readonly string[] };

/** Every study: the condition when no AE scopes are configured. */
export const ALL_STUDIES: SQL = sql`true`;

/**
 * The condition on dicom_studies for what an AE may find and retrieve. A scoped AE sees the studies of live exams in
 * its branches or hospitals, never an unmatched study (no branch is known for it); an AE without a scope, nothing.
 */
export function studyVisibilityForAe(scope: AeScope | undefined): SQL {
  if (!scope) return sql`false`;
  if (scope.kind === 'all') return sql`true`;
  return sql`exists (select 1 from ${exams} where ${exams.id} = ${dicomStudies.examId} and ${exams.deletedAt} is null and ${examsOfScope(scope)})`;
}

/** The condition on exams for an AE's scope: every exam, or those of its branches or client hospitals (by code). */
export function examsOfScope(scope: AeScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  return scope.kind === 'branch'
    ? sql`${exams.branchId} in (select ${branches.id} from ${branches} where ${inArray(branches.code, [...scope.codes])})`
    : sql`${exams.hospitalId} in (select ${hospitals.id} from ${hospitals} where ${inArray(hospitals.code, [...scope.codes])})`;
}
