import { AsyncLocalStorage } from 'node:async_hooks';
import type { CurrentUser } from '../auth/current-user';

/** What the audit log needs to know about the HTTP request a service call runs in. */
export interface AuditRequestContext {
  ip: string | null;
  userAgent: string | null;
  /** Set once any audit row was written for this request: the catch-all read audit then stays silent. */
  recorded: boolean;
  /**
   * The caller once the access guard knows it. Rows written while an outside system's credential is the caller name
   * the credential, whoever the service passed as the actor (its `userId` is the administrator who made it).
   */
  caller?: () => CurrentUser | null;
}

/**
 * The request in flight, for services that record audit rows without a request in hand (they pass `null`):
 * their rows still get the caller's address, and the central read audit knows the route already audited itself.
 */
export const auditContext = new AsyncLocalStorage<AuditRequestContext>();
