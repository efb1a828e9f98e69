import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../../audit/audit.service';
import type { Database } from '../../../db/client';
import type { JobLog, JobQueue } from '../../../jobs/job-queue';
import type { ExamsService } from '../../exams/exams.service';
import { HttpReportGatewayClient } from '../../../integrations/report-gateway/report-gateway.client';
import { ReportGatewayRepository } from './report-gateway.repository';
import { reportGatewayRoutes } from './report-gateway.routes';
import { ReportGatewayService } from './report-gateway.service';

export interface ReportGatewayModuleDeps {
  db: Database;
  /** Its retry job is defined now, so this is called before the queue starts. */
  jobs: JobQueue;
  exams: Pick<ExamsService, 'load'>;
  audit: AuditService;
  now: () => Date;
  log: Pick<JobLog, 'info' | 'warn'>;
  /** REPORT_GATEWAY_URL: where ORU^R01 messages are posted; unset, every ping answers success false. */
  url: string | undefined;
}

/**
 * The delivery of finished reports to the hospital gateway, wired (radiology reports register it): repository, HTTP
 * client, service with its retry job, and the route plugin.
 */
export function reportGatewayModule(deps: ReportGatewayModuleDeps): (app: FastifyInstance) => Promise<void> {
  const service = new ReportGatewayService({
    repo: new ReportGatewayRepository(deps.db),
    client: new HttpReportGatewayClient(deps.url),
    exams: deps.exams,
    audit: deps.audit,
    queue: deps.jobs,
    now: deps.now,
    log: deps.log,
  });
  return reportGatewayRoutes(service);
}
