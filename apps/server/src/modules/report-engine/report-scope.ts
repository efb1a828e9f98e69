import type { CurrentUser } from '../../auth/current-user';
import { msg } from '../../i18n/catalogue';
import { reportEngineError, reportParamError } from './report-engine.errors';
import type { ReportEngineRepository } from './report-engine.repository';

/**
 * The branch a report is asked for, checked against what the user may report on: an unknown branch is a 400 naming
 * the field; one outside the user's reach a 403. Absent: the user's own branch (when they may report on it).
 */
export async function resolveBranch(
  repo: ReportEngineRepository,
  user: CurrentUser,
  branchId: number | undefined,
  field = 'branchId',
) {
  const id = branchId ?? user.branchId ?? undefined;
  if (id === undefined) throw reportParamError([{ field, message: msg('REPORT_CHOOSE_BRANCH') }]);
  const branch = await repo.branch(id);
  if (!branch) throw reportParamError([{ field, message: msg('REPORT_BRANCH_UNKNOWN') }]);
  const reachable = await repo.branchOptions(user);
  if (!reachable.some((b) => b.id === id)) throw reportEngineError('REPORT_BRANCH_FORBIDDEN');
  return branch;
}

/** An optional branch filter: absent means every branch the user's scope reaches. */
export async function resolveOptionalBranch(
  repo: ReportEngineRepository,
  user: CurrentUser,
  branchId: number | undefined,
  field = 'branchId',
) {
  return branchId === undefined ? undefined : resolveBranch(repo, user, branchId, field);
}

/** An optional doctor filter: Doctors may ask only for themselves; any other must be a doctor the user may see. */
export async function resolveDoctor(
  repo: ReportEngineRepository,
  user: CurrentUser,
  doctorId: string | undefined,
  field = 'doctorId',
) {
  if (doctorId === undefined) return undefined;
  if (user.scope === 'assigned' && doctorId !== user.userId) throw reportEngineError('REPORT_DOCTOR_FORBIDDEN');
  const name = await repo.doctorName(doctorId);
  if (!name) throw reportParamError([{ field, message: msg('REPORT_DOCTOR_UNKNOWN') }]);
  return { id: doctorId, name };
}
