import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { AttemptLimiter } from '../../http/attempt-limiter';
import { ApiCredentialsRepository } from './api-credentials.repository';
import { apiCredentialsRoutes } from './api-credentials.routes';
import { ApiCredentialsService } from './api-credentials.service';

export interface ApiCredentialsModuleDeps {
  db: Database;
  audit: AuditService;
  /** The process's one count of failed guesses (decision sec42), shared with logins and film-link PINs. */
  attempts: AttemptLimiter;
  now: () => Date;
}

/**
 * API credentials of outside systems, wired: the service answers the access guard's credential check (app.ts hands it
 * to registerAccessGuard) and the administrator's routes.
 */
export function apiCredentialsModule(deps: ApiCredentialsModuleDeps) {
  const service = new ApiCredentialsService({
    repo: new ApiCredentialsRepository(deps.db),
    audit: deps.audit,
    attempts: deps.attempts,
    now: deps.now,
  });
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(apiCredentialsRoutes(service));
  };
  return { service, plugin };
}
