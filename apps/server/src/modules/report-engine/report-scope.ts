import type { CurrentUser } from '../../auth/current-user';
import { RE, reportFieldError, reportForbidden } from './report-errors';
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
  if (id === undefined) throw reportFieldError(field, 'กรุณาเลือกสาขา');
  const branch = await repo.branch(id);
  if (!branch) throw reportFieldError(field, RE.branchUnknown);
  const reachable = await repo.branchOptions(user);
  if (!reachable.some((b) => b.id === id)) throw reportForbidden(RE.branchForbidden);
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
  if (user.scope === 'assigned' && doctorId !== user.userId) throw reportForbidden(RE.doctorForbidden);
  const name = await repo.doctorName(doctorId);
  if (!name) throw reportFieldError(field, RE.doctorUnknown);
  return { id: doctorId, name };
}
