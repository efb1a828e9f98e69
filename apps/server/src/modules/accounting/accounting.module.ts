import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
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

/** Petty cash and exam fees, wired: repository → service → routes. */
export function accountingModule(deps: AccountingModuleDeps): { service: AccountingService; plugin: (app: FastifyInstance) => Promise<void> } {
  const service = new AccountingService({
    repo: new AccountingRepository(deps.db),
    receipts: deps.receipts,
    files: deps.files,
    audit: deps.audit,
    now: deps.now,
  });
  return { service, plugin: accountingRoutes(service) };
}
