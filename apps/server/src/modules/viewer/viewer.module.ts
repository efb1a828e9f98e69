import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { LocalDicomArchive } from '../../dicom/index';
import type { ThumbnailService } from '../../dicom/thumbnails/thumbnail.service';
import type { IssueExamToken } from '../exams/exams.routes';
import type { ExamsService } from '../exams/exams.service';
import { DicomwebRepository } from '../../dicom/query/dicomweb.repository';
import { FirstImagePreview } from './first-image-preview';
import { viewerPriorsRoutes } from './priors.routes';
import { ViewerPriorsService } from './priors.service';
import { ViewerRepository } from './viewer.repository';
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
  const repo = new ViewerRepository(deps.db);
  const viewer = new ViewerService(repo, deps.exams);
  const preview = new FirstImagePreview(new DicomwebRepository(deps.db), deps.archive, viewer);
  const priors = new ViewerPriorsService(repo, deps.exams, deps.issueToken);
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(viewerRoutes(viewer, deps.thumbnails, preview));
    await app.register(viewerPriorsRoutes(priors));
  };
}
