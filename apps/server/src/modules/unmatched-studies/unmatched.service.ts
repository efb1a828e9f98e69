import type { Exam, UnmatchedStudies, UnmatchedStudiesQuery } from '@rangsi/contract';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { ExamsService } from '../exams/exams.service';
import type { LocalDicomArchive } from '../../dicom/archive/local-archive';
import { seesUnmatchedStudies } from '../../auth/data-scope/study-scope';
import { unmatchedError } from './unmatched.errors';
import type { UnmatchedStudiesRepository } from './unmatched.repository';

const DEFAULT_PAGE_SIZE = 50;

/**
 * Images that arrived for no exam (wrong or missing accession number, a study done before its request): listed for
 * the people who see unmatched studies (docs/decisions/d16-who-sees-unmatched-studies-who.md), who match them to the exam they belong to.
 */
export class UnmatchedStudiesService {
  constructor(
    private readonly repo: UnmatchedStudiesRepository,
    private readonly archive: LocalDicomArchive,
    private readonly exams: ExamsService,
    private readonly audit: AuditService,
  ) {}

  async list(user: CurrentUser, query: UnmatchedStudiesQuery): Promise<UnmatchedStudies> {
    this.check(user);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    await this.archive.flushCounts();
    return { ...(await this.repo.page(query.q || undefined, page, pageSize)), page, pageSize };
  }

  /** Links the study to an exam in the user's scope; the exam's fresh row. */
  async match(user: CurrentUser, studyId: string, examId: string): Promise<Exam> {
    this.check(user);
    const exam = await this.exams.load(user, examId);
    const linked = await this.archive.matchStudy(studyId, exam.id, { userId: user.userId, userName: user.displayName });
    if (!linked) throw unmatchedError('STUDY_NOT_UNMATCHED');
    await this.audit.record(
      null,
      // The match is also the change of the images' identity (decision io30): which study, now answering the exam's.
      {
        action: 'dicom.match',
        entityType: 'exam',
        entityId: exam.id,
        patientId: exam.patientId,
        detail: { studyId, reconciled: true },
      },
      { userId: user.userId, username: user.username },
    );
    return this.exams.row(exam.id);
  }

  private check(user: CurrentUser): void {
    if (!seesUnmatchedStudies(user)) throw unmatchedError('UNMATCHED_FORBIDDEN');
  }
}
