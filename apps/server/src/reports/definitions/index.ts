import type { ReportEngine } from '../registry';
import type { ReportsRepository } from '../reports.repository';
import { billingStatementReport } from './billing-report';
import { branchDailyReport, branchMonthlyReport } from './branch-report';
import { centerReports } from './center-report';
import { doctorTurnaroundReport } from './doctor-report';
import { accountingInvoiceReport, stickerReport } from './request-documents';

/** Registers every report but the radiology ones (modules/reports registers those), in tab order per prefix. */
export function registerBuiltInReports(engine: ReportEngine, repo: ReportsRepository): void {
  engine.register(branchDailyReport(repo));
  engine.register(branchMonthlyReport(repo));
  engine.register(doctorTurnaroundReport(repo));
  for (const center of centerReports(repo)) engine.register(center);
  engine.register(stickerReport(repo));
  engine.register(accountingInvoiceReport(repo));
  engine.register(billingStatementReport(repo));
}
