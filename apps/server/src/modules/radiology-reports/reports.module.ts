import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import type { JobLog, JobQueue } from '../../jobs/job-queue';
import type { FileStore } from '../../storage/file-store';
import type { ExamStateWriter } from '../exams/exam-state';
import type { ExamsService } from '../exams/exams.service';
import { reportGatewayModule } from './gateway/report-gateway.module';
import { radiologyReportDefinition } from './radiology-report.definition';
import { ReportsRepository } from './reports.repository';
import { examReportsRoutes } from './reports.routes';
import { ExamReportsService } from './reports.service';

/**
 * The radiology report module wired for app.ts (one register line there): its routes, the delivery of finished
 * reports to the hospital gateway, and its definition in the report engine when the engine is registered before it
 * (app.reports).
 */
export function examReportsModule(deps: {
  db: Database;
  /** The gateway's retry job is defined now, so the module is made before the queue starts. */
  jobs: JobQueue;
  log: Pick<JobLog, 'info' | 'warn'>;
  /** REPORT_GATEWAY_URL: where ORU^R01 messages are posted; unset, every send answers success false. */
  gatewayUrl: string | undefined;
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
  const gateway = reportGatewayModule({
    db: deps.db,
    jobs: deps.jobs,
    exams: deps.exams,
    audit: deps.audit,
    now: deps.now,
    log: deps.log,
    url: deps.gatewayUrl,
  });
  async function plugin(app: FastifyInstance): Promise<void> {
    await app.register(routes);
    await app.register(gateway);
    if (app.hasDecorator('reports')) app.reports.register(radiologyReportDefinition(service));
  }
  // The service too, for composition in app.ts (the public film link prints released reports through it).
  return Object.assign(plugin, { service });
}
