import type { DataScopeKind, PermissionCode, RoleName } from '@rangsi/domain';
import type { TokenPurpose } from './token-purpose';

/** The signed-in person as every service sees them: who, what they may do, and which rows they may read. */
export interface CurrentUser {
  userId: string;
  username: string;
  displayName: string;
  email: string;
  lineName: string | null;
  roleName: RoleName;
  branchId: number | null;
  branchName: string | null;
  hospitalId: number | null;
  /** Client hospitals a Doctor reads for. */
  clientIds: number[];
  permissions: ReadonlySet<PermissionCode>;
  scope: DataScopeKind;
  sessionId: string;
  /** Set for exam-scoped link tokens (viewer, Weasis, CD helper): only this exam may be read. */
  scopeExamId: string | null;
  /**
   * Set when the caller came with a query token instead of a session cookie: what it was minted for and, for a public
   * film link, the link it serves (the audit log names the link, not its creator). Null for a login session.
   */
  token: {
    purpose: TokenPurpose;
    linkId: string | null;
    /** The login session a person's token was minted from (null for a film link's). */
    parentSessionId: string | null;
    /** When the token dies; a token minted from it (the viewer's priors) dies no later. */
    expiresAt: Date;
  } | null;
  /**
   * Set when an outside system called with its API credential (decision io50): the audit log names it, never the
   * administrator whose account `userId` is (kept for the rows that need a person). Absent for people and tokens.
   */
  credential?: { id: string; keyId: string; name: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}
