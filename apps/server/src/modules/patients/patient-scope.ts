import { eq, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../auth/current-user';
import { patients } from '../../db/schema/index';

/** The patients a user may see: Administrator all; branch staff their branch's; hospital users their hospital's; Doctors those with an exam assigned to them. */
export function patientScopeCondition(user: CurrentUser): SQL {
  switch (user.scope) {
    case 'all':
      return sql`true`;
    case 'branch':
      return user.branchId === null ? sql`false` : eq(patients.branchId, user.branchId);
    case 'hospital':
      return user.hospitalId === null ? sql`false` : eq(patients.hospitalId, user.hospitalId);
    case 'assigned':
      // "patients"."id" spelled out: a bare column reference would bind to the subquery's own exams.id.
      return sql`exists (select 1 from exams e where e.patient_id = "patients"."id" and e.reviewer_id = ${user.userId} and e.deleted_at is null)`;
  }
}
