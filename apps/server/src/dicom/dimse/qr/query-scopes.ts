import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { branches, dicomStudies, exams, hospitals } from '../../../db/schema/index';
import type { AeScope } from './query-ae-titles';

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

/** The branch and hospital codes the scopes name that do not exist, as `branch:CODE` / `hospital:CODE`. */
export async function unknownScopeCodes(db: Database, scopes: ReadonlyMap<string, AeScope>): Promise<string[]> {
  const wanted = { branch: new Set<string>(), hospital: new Set<string>() };
  for (const s of scopes.values()) if (s.kind !== 'all') for (const c of s.codes) wanted[s.kind].add(c);
  const known = {
    branch: new Set(
      wanted.branch.size
        ? (
            await db
              .select({ code: branches.code })
              .from(branches)
              .where(inArray(branches.code, [...wanted.branch]))
          ).map((r) => r.code)
        : [],
    ),
    hospital: new Set(
      wanted.hospital.size
        ? (
            await db
              .select({ code: hospitals.code })
              .from(hospitals)
              .where(inArray(hospitals.code, [...wanted.hospital]))
          ).map((r) => r.code)
        : [],
    ),
  };
  return (['branch', 'hospital'] as const).flatMap((k) =>
    [...wanted[k]].filter((c) => !known[k].has(c)).map((c) => `${k}:${c}`),
  );
}
