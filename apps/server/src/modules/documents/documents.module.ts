import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import type { ExamsService } from '../exams/exams.service';
import { DocumentsRepository } from './documents.repository';
import { examDocumentsRoutes } from './exam-documents.routes';
import { ExamDocumentsService } from './exam-documents.service';

/** Documents attached to an exam, wired; exams are read through their service. */
export function documentsModule(deps: { db: Database; exams: ExamsService; files: FileStore }) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(
      examDocumentsRoutes(new ExamDocumentsService(deps.exams, new DocumentsRepository(deps.db), deps.files)),
    );
  };
}
