import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { LocalDicomArchive } from '../../dicom/index';
import type { ExamsService } from '../exams/exams.service';
import { StudyIdentityRepository } from '../../dicom/identity/study-identity.repository';
import { originalImagesRoutes } from './original-images.routes';
import { OriginalImagesService } from './original-images.service';
import { UnmatchedStudiesRepository } from './unmatched.repository';
import { unmatchedStudiesRoutes } from './unmatched.routes';
import { UnmatchedStudiesService } from './unmatched.service';

/**
 * Images that match no exam, wired: listed from the index, matched through the exams service and the archive; and the
 * files as received, for the audit of what a match changed.
 */
export function unmatchedStudiesModule(deps: {
  db: Database;
  archive: LocalDicomArchive;
  exams: ExamsService;
  audit: AuditService;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    const service = new UnmatchedStudiesService(
      new UnmatchedStudiesRepository(deps.db),
      deps.archive,
      deps.exams,
      deps.audit,
    );
    await app.register(unmatchedStudiesRoutes(service));
    await app.register(
      originalImagesRoutes(new OriginalImagesService(new StudyIdentityRepository(deps.db), deps.archive, deps.audit)),
    );
  };
}
