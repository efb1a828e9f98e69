import { sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../current-user';
import { dicomStudies, exams } from '../../db/schema/index';
import { examScopeCondition } from './exam-scope';

/**
 * Unmatched studies (no exam yet) are seen by users who read everything and by branch staff, who match them to
 * exams or create exams from them (docs/decisions/d16-who-sees-unmatched-studies-who.md). Link tokens never see them.
 */
export function seesUnmatchedStudies(user: CurrentUser): boolean {
  if (user.scopeExamId) return false;
  return user.scope === 'all' || (user.scope === 'branch' && user.roleName === 'Staff');
}

/**
 * The data scope of DICOM queries and retrievals, as a condition on dicom_studies: a study is visible when its exam
 * is in the user's exam scope (as on the worklist), or when it is unmatched and the user sees unmatched studies.
 */
export function studyVisibility(user: CurrentUser): SQL {
  const linked = sql`exists (select 1 from ${exams} where ${exams.id} = ${dicomStudies.examId} and ${exams.deletedAt} is null and ${examScopeCondition(user)})`;
  return seesUnmatchedStudies(user) ? sql`(${dicomStudies.examId} is null or ${linked})` : linked;
}
