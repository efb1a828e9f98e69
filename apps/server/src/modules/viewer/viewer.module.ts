import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { LocalDicomArchive } from '../../dicom/index';
import type { ThumbnailService } from '../../dicom/thumbnails/thumbnail.service';
import type { IssueExamToken } from '../exams/exams.routes';
import type { ExamsService } from '../exams/exams.service';
import { FirstImagePreview } from './first-image-preview';
import { viewerPriorsRoutes } from './priors.routes';
import { viewerRoutes } from './viewer.routes';
import { ViewerService } from './viewer.service';

/** The viewer's server side, wired: series, the first-image preview, and priors with their own tokens. */
export function viewerModule(deps: {
  db: Database;
  exams: ExamsService;
  archive: LocalDicomArchive;
  thumbnails: ThumbnailService;
  issueToken: IssueExamToken;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    const viewer = new ViewerService(deps.db, deps.exams);
    await app.register(viewerRoutes(viewer, deps.thumbnails, new FirstImagePreview(deps.db, deps.archive, viewer)));
    await app.register(viewerPriorsRoutes({ db: deps.db, exams: deps.exams, issueToken: deps.issueToken }));
  };
}
