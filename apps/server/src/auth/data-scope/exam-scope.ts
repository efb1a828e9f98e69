import { eq, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../current-user';
import { exams } from '../../db/schema/index';

/** The SQL condition limiting exams to the user's data scope (ARCHITECTURE §4); it goes into every exam query. */
export function examScopeCondition(user: CurrentUser): SQL {
  if (user.scopeExamId) return eq(exams.id, user.scopeExamId);
  switch (user.scope) {
    case 'all':
      return sql`true`;
    case 'branch':
      return user.branchId === null ? sql`false` : eq(exams.branchId, user.branchId);
    case 'hospital':
      return user.hospitalId === null ? sql`false` : eq(exams.hospitalId, user.hospitalId);
    case 'assigned':
      return eq(exams.reviewerId, user.userId);
  }
}
