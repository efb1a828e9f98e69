import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import { registerBuiltInReports } from './definitions/index';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import { ReportEngine } from './registry';
import { ReportEngineRepository } from './report-engine.repository';

export interface ReportEngineOptions {
  db: Database;
  pdf: PdfRenderer;
  audit?: AuditService;
  now?: () => Date;
}

/** The engine with every built-in report registered (the radiology ones are added by modules/reports). */
export function createReportEngine(o: ReportEngineOptions): ReportEngine {
  const repo = new ReportEngineRepository(o.db);
  const engine = new ReportEngine({
    pdf: o.pdf,
    choices: repo,
    ...(o.now ? { now: o.now } : {}),
    ...(o.audit ? { audit: o.audit } : {}),
  });
  registerBuiltInReports(engine, repo);
  return engine;
}
