import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import { cashupReport } from '../report-engine/definitions/cashup-report';
import type { FileStore } from '../../storage/file-store';
import { AccountingRepository } from './accounting.repository';
import { accountingRoutes } from './accounting.routes';
import { AccountingService } from './accounting.service';
import type { ReceiptsPort } from './receipts.port';

export interface AccountingModuleDeps {
  db: Database;
  files: FileStore;
  audit: AuditService;
  now: () => Date;
  /** The billing module's receipts (billing owns them; accounting reads them through this port only). */
  receipts: ReceiptsPort;
}

/**
 * Petty cash and exam fees, wired: repository → service → routes; and the daily cash-up registered in the report engine
 * (`app.reports`, registered before this), read through the service.
 */
export function accountingModule(deps: AccountingModuleDeps): {
  service: AccountingService;
  plugin: (app: FastifyInstance) => Promise<void>;
} {
  const service = new AccountingService({
    repo: new AccountingRepository(deps.db),
    receipts: deps.receipts,
    files: deps.files,
    audit: deps.audit,
    now: deps.now,
  });
  const routes = accountingRoutes(service);
  const plugin = async (app: FastifyInstance): Promise<void> => {
    app.reports.register(cashupReport(service));
    await app.register(routes);
  };
  return { service, plugin };
}
