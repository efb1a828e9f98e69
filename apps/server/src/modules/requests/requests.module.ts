import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { AttemptLimiter } from '../../http/attempt-limiter';
import type { FileStore } from '../../storage/file-store';
import type { DocumentsService } from '../documents/documents.service';
import type { ExamStateWriter } from '../exams/exam-state';
import type { UidataService } from '../uidata/uidata.service';
import { requestDocumentsRoutes } from './request-documents.routes';
import { RequestDocumentsService } from './request-documents.service';
import { RequestConditionRepository } from './request-condition.repository';
import { RequestConditionService } from './request-condition.service';
import { RequestLinksRepository } from './request-links.repository';
import {
  RequestLinksService,
  type LinkAuth,
  type LinkImageAccess,
  type LinkReportAccess,
} from './request-links.service';
import { RequestMediaService } from './request-media.service';
import { RequestSaveService } from './request-save.service';
import { RequestWritesRepository } from './request-writes.repository';
import { RequestsRepository } from './requests.repository';
import { requestsRoutes } from './requests.routes';
import { RequestsService } from './requests.service';

export interface RequestsModuleDeps {
  db: Database;
  /** The exams of a request are scheduled, revised and removed through the exams module's writer. */
  examState: ExamStateWriter;
  /** Request documents and attachments are rows of the documents module. */
  documents: DocumentsService;
  /** Doctors, buildings and research projects typed into the form are added to the reference data. */
  uidata: UidataService;
  files: FileStore;
  audit: AuditService;
  now: () => Date;
  /** The film link's own tokens and its maker's check (the auth module). */
  linkAuth: LinkAuth;
  /** The film link prints a released report through the radiology reports module (its port). */
  linkReports: LinkReportAccess;
  /** The film link finds its exams' thumbnails through the exams module's series list (its port). */
  linkImages?: LinkImageAccess;
  attempts: AttemptLimiter;
  nhsoServiceUrl: string | null;
}

/**
 * Imaging requests, their documents, media and film links, wired. `service` is what billing searches through;
 * `links` answers whether a film link's tokens still work (the token service asks it).
 */
export function requestsModule(deps: RequestsModuleDeps) {
  const reads = new RequestsRepository(deps.db);
  const writes = new RequestWritesRepository(deps.db);
  const service = new RequestsService(reads, writes, deps.examState, deps.audit, deps.now);
  const save = new RequestSaveService({
    reads,
    writes,
    requests: service,
    examState: deps.examState,
    uidata: deps.uidata,
    documents: deps.documents,
    audit: deps.audit,
    now: deps.now,
  });
  const links = new RequestLinksService(
    new RequestLinksRepository(deps.db),
    service,
    deps.audit,
    deps.now,
    deps.linkAuth,
    deps.linkReports,
    deps.attempts,
    deps.linkImages ?? null,
  );
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(
      requestsRoutes({
        requests: service,
        save,
        condition: new RequestConditionService(new RequestConditionRepository(deps.db), deps.nhsoServiceUrl),
        links,
        media: new RequestMediaService(deps.documents, service, deps.files, deps.audit),
      }),
    );
    await app.register(
      requestDocumentsRoutes(new RequestDocumentsService(deps.documents, reads, service, deps.files, deps.audit)),
    );
  };
  return { service, links, plugin };
}
