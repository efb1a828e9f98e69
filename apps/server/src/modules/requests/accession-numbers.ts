import { FORCED_ACCESSION_FORMAT, formatAccessionNumber, isAutomaticAccessionNumber } from '@rangsi/domain';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import type { RequestPlan } from './request-plan';
import type { RequestWritesRepository } from './request-writes.repository';
import { accessionTaken, requestError } from './requests.errors';
import type { RequestsRepository } from './requests.repository';

/** Accession numbers of a request's exams: the branch's daily sequence, or one given by hand (decision sec70). */
export class AccessionNumbers {
  constructor(
    private readonly reads: Pick<RequestsRepository, 'takenAccessionNumbers' | 'accessionPatterns' | 'db'>,
    private readonly writes: Pick<RequestWritesRepository, 'allocateSequence'>,
  ) {}

  /**
   * The next n numbers of the branch's day that no exam carries yet. A number can be taken outside the sequence (a
   * number given by hand before the rule against automatic shapes, or after the branch's pattern changed); it is
   * skipped, never handed out twice, so one such number cannot stop every save of that day.
   */
  async allocate(
    tx: Database,
    branch: { id: number; code: string; accessionPattern: string },
    day: string,
    n: number,
  ): Promise<string[]> {
    const free: string[] = [];
    while (free.length < n) {
      const want = n - free.length;
      const first = await this.writes.allocateSequence(tx, branch.id, day, want);
      const candidates = Array.from({ length: want }, (_, i) =>
        formatAccessionNumber(branch.accessionPattern, { branchCode: branch.code, day, seq: first + i }),
      );
      const taken = await this.reads.takenAccessionNumbers(tx, candidates);
      free.push(...candidates.filter((c) => !taken.has(c)));
    }
    return free;
  }

  /** Only branch staff and administrators holding REQUEST_ACCESSION_FORCE give numbers by hand. */
  mayForce(user: CurrentUser): void {
    const staff = user.scope === 'all' || user.scope === 'branch';
    if (!staff || !user.permissions.has('REQUEST_ACCESSION_FORCE')) {
      throw requestError('ACCESSION_FORCE_DENIED');
    }
  }

  /** A number given by hand: its shape, one modality only, not an automatic shape of any branch, not taken. */
  async checkForced(accession: string, plan: RequestPlan): Promise<void> {
    if (!FORCED_ACCESSION_FORMAT.test(accession))
      throw requestError('ACCESSION_FORM', { field: 'forceAcceesionNumber' });
    if (plan.modalities.size !== 1) throw requestError('ACCESSION_ONE_MODALITY', { field: 'forceAcceesionNumber' });
    const patterns = await this.reads.accessionPatterns();
    if (patterns.some((b) => isAutomaticAccessionNumber(b.accessionPattern, b.code, accession))) {
      throw requestError('ACCESSION_AUTOMATIC', { field: 'forceAcceesionNumber' });
    }
    const taken = await this.reads.takenAccessionNumbers(this.reads.db, [accession]);
    if (taken.size > 0) throw accessionTaken(accession);
  }
}
