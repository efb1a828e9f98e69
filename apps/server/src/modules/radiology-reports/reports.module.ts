import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import type { FileStore } from '../../storage/file-store';
import type { ExamStateWriter } from '../exams/exam-state';
import type { ExamsService } from '../exams/exams.service';
import { radiologyReportDefinition } from './radiology-report.definition';
import { ReportsRepository } from './reports.repository';
import { examReportsRoutes } from './reports.routes';
import { ExamReportsService } from './reports.service';

/**
 * The radiology report module wired for app.ts (one register line there): its routes, and its definition in the
 * report engine when the engine is registered before it (app.reports).
 */
export function examReportsModule(deps: {
  db: Database;
  exams: ExamsService;
  /** A finished version changes the exam's report columns and log through the exams module's writer. */
  examState: ExamStateWriter;
  files: FileStore;
  pdf: PdfRenderer;
  audit: AuditService;
  now: () => Date;
}) {
  const service = new ExamReportsService({
    repo: new ReportsRepository(deps.db, deps.examState),
    exams: deps.exams,
    files: deps.files,
    pdf: deps.pdf,
    audit: deps.audit,
    now: deps.now,
  });
  const routes = examReportsRoutes(service);
  async function plugin(app: FastifyInstance): Promise<void> {
    await app.register(routes);
    if (app.hasDecorator('reports')) app.reports.register(radiologyReportDefinition(service));
  }
  // The service too, for composition in app.ts (the public film link prints released reports through it).
  return Object.assign(plugin, { service });
}
