import type { PermissionCode } from '@rangsi/domain';
import type { TokenPurpose } from './token-purpose';

/**
 * Every route declares who may call it and which rows it reads (ARCHITECTURE §4); a test fails for a route without one.
 * - permission: a flag the user must hold, 'authenticated' for any signed-in user, or 'public' for no session.
 * - scope: the data the route reads, filtered by the user's data scope in the service ('none' when it reads no scoped data).
 */
export interface RouteAccess {
  permission: PermissionCode | 'authenticated' | 'public';
  /** Several flags where any one is enough (e.g. report approve OR edit). */
  anyOf?: PermissionCode[];
  scope: 'none' | 'self' | 'exam' | 'patient' | 'request' | 'billing' | 'accounting' | 'report' | 'dicom';
  /** The query-token purposes this (GET) route accepts in place of a session; absent: session only. */
  tokens?: readonly TokenPurpose[];
  /**
   * A person's session only: an API credential is refused (403) even where its role holds the permission — the
   * administration of the credentials themselves (decision io50). Other /api and /dicomweb routes take credentials.
   */
  sessionOnly?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
