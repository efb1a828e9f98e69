import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import type { ExamsService } from '../exams/exams.service';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { examDocumentsRoutes } from './exam-documents.routes';
import { ExamDocumentsService } from './exam-documents.service';

/**
 * Documents and files, wired: the exam's upload routes (exams read through their service), and `service`, through which
 * the requests module keeps its request documents and attachments.
 */
export function documentsModule(deps: { db: Database; exams: ExamsService; files: FileStore }) {
  const repo = new DocumentsRepository(deps.db);
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(examDocumentsRoutes(new ExamDocumentsService(deps.exams, repo, deps.files)));
  };
  return { service: new DocumentsService(repo), plugin };
}
