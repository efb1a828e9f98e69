import { eq, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../current-user';
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

/**
 * The exams of a patient a user may count, on an exams table aliased `e`: the same rows the exam scope lets them read,
 * so a hospital user's count leaves out the patient's exams at other hospitals.
 */
export function patientExamScopeOnAliasE(user: CurrentUser): SQL {
  if (user.scopeExamId) return sql`e.id = ${user.scopeExamId}`;
  switch (user.scope) {
    case 'all':
      return sql`true`;
    case 'branch':
      return user.branchId === null ? sql`false` : sql`e.branch_id = ${user.branchId}`;
    case 'hospital':
      return user.hospitalId === null ? sql`false` : sql`e.hospital_id = ${user.hospitalId}`;
    case 'assigned':
      return sql`e.reviewer_id = ${user.userId}`;
  }
}
