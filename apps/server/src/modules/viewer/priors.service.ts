import type { ViewerPrior } from '@rangsi/contract';
import type { CurrentUser } from '../../auth/current-user';
import { examScopeCondition } from '../../auth/data-scope/exam-scope';
import type { ExamsService } from '../exams/exams.service';
import type { IssueExamToken } from '../exams/exams.routes';
import type { ViewerRepository } from './viewer.repository';

export type { IssueExamToken };

/**
 * Prior exams for the viewer's side-by-side compare. The viewer frame holds one exam token (decision V2); this lists
 * the same patient's earlier exams with images that the token's user may see, each with a token of its own.
 */
export class ViewerPriorsService {
  constructor(
    private readonly repo: ViewerRepository,
    private readonly exams: ExamsService,
    private readonly issueToken: IssueExamToken,
  ) {}

  async priors(user: CurrentUser, examId: string): Promise<ViewerPrior[]> {
    // The exam itself in scope: a link token opens only its own exam, a session the user's scope.
    const exam = await this.exams.load(user, examId);
    // Its priors within the user's own scope (the History dialog's), never more: a link token is a user's, narrowed.
    const own: CurrentUser = { ...user, scopeExamId: null };
    const rows = await this.repo.priors(exam, examScopeCondition(own));
    const out: ViewerPrior[] = [];
    for (const r of rows) {
      // Archived images come back through the series page's unzip (after acceptance, decision V9), not from a frame.
      const archived = r.zipStatus === 'Archive' || r.zipStatus === 'Error';
      // Each prior's viewer token dies with the login session behind the frame's token, like the frame's own.
      const token = archived ? null : await this.issueToken(user, r.examId, 'viewer');
      out.push({
        examId: r.examId,
        accessionNumber: r.accessionNumber,
        examDate: r.examDate.toISOString(),
        modality: r.modality,
        description: r.description,
        branchName: r.branchName,
        numberOfSeries: r.series,
        numberOfImages: r.images,
        archived,
        token: token?.token ?? null,
        expiresAt: token?.expiresAt.toISOString() ?? null,
      });
    }
    return out;
  }
}
