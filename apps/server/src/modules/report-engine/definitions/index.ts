import type { ReportEngine } from '../registry';
import type { ReportEngineRepository } from '../report-engine.repository';
import { branchDailyReport, branchMonthlyReport } from './branch-report';
import { centerReports } from './center-report';
import { doctorTurnaroundReport } from './doctor-report';
import { stickerReport } from './request-documents';

/**
 * Registers every report but the radiology ones (modules/reports registers those) and the money documents (statement,
 * receipt, invoice: modules/billing registers those, as it reads and numbers them), in tab order per prefix.
 */
export function registerBuiltInReports(engine: ReportEngine, repo: ReportEngineRepository): void {
  engine.register(branchDailyReport(repo));
  engine.register(branchMonthlyReport(repo));
  engine.register(doctorTurnaroundReport(repo));
  for (const center of centerReports(repo)) engine.register(center);
  engine.register(stickerReport(repo));
}
