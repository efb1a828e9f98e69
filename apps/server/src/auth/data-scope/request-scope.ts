import { eq, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../current-user';
import { requests } from '../../db/schema/index';

/** The requests a user may see: Administrator all; branch staff their branch's; hospital users their hospital's; Doctors those with an exam assigned to them. */
export function requestScopeCondition(user: CurrentUser): SQL {
  switch (user.scope) {
    case 'all':
      return sql`true`;
    case 'branch':
      return user.branchId === null ? sql`false` : eq(requests.branchId, user.branchId);
    case 'hospital':
      return user.hospitalId === null ? sql`false` : eq(requests.hospitalId, user.hospitalId);
    case 'assigned':
      return sql`exists (select 1 from exams e where e.request_id = "requests"."id" and e.reviewer_id = ${user.userId} and e.deleted_at is null)`;
  }
}

/** Whether a user may order for a hospital of this branch (the same rule as the scope, for rows not yet written). */
export function mayUseHospital(user: CurrentUser, hospital: { id: number; branchId: number }): boolean {
  switch (user.scope) {
    case 'all':
      return true;
    case 'branch':
      return user.branchId === hospital.branchId;
    case 'hospital':
      return user.hospitalId === hospital.id;
    case 'assigned':
      return false;
  }
}
