import { randomBytes } from 'node:crypto';
import type { PermissionCode } from '@rangsi/domain';
import { forbidden, unauthorized } from '../http/domain-error';
import { authError } from './auth.errors';
import { hashToken, type AuthService } from './auth.service';
import type { CurrentUser } from './current-user';
import type { SessionRepository } from './session.repository';
import { isTokenPurpose, type TokenPurpose } from './token-purpose';

/** Long enough to open a viewer or start a download, short enough that a leaked URL soon dies. */
export const EXAM_TOKEN_TTL_MS = 2 * 60 * 60_000;
/** A token that would die sooner than this is not worth handing out: the reader could not finish opening the exam. */
export const MIN_TOKEN_MS = 60_000;

/** The purposes a signed-in person may mint a token for; 'link' tokens come only from opening a film link. */
export type PersonTokenPurpose = Exclude<TokenPurpose, 'link'>;

/**
 * What a film link's token may do, whoever made the link: see the images of the exam it was minted for and download
 * them, and read its released report (the link page checks release itself). The maker's own rights do not reach
 * further than this, and a maker without image rights (the Link role) still shares what they could export.
 */
const LINK_PERMISSIONS: ReadonlySet<PermissionCode> = new Set<PermissionCode>([
  'EXAM_DICOM',
  'EXAM_REPORT',
  'REQUEST_EXPORT',
]);

/** A film link as the token service needs it: who made it and how long it lives. */
export interface LinkGrant {
  linkId: string;
  createdBy: string;
  expiresAt: Date;
}

export interface TokenServiceDeps {
  sessions: SessionRepository;
  auth: Pick<AuthService, 'userById'>;
  now?: () => Date;
  /** Whether a film link still works (not revoked, not expired, its request not deleted); owned by the links module. */
  linkIsLive?: (linkId: string) => Promise<boolean>;
}

/** Mints a query token for one exam and one purpose (TokenService.issueForPerson). */
export type IssueExamToken = (
  user: CurrentUser,
  examId: string,
  purpose: PersonTokenPurpose,
  ttlMs?: number,
) => Promise<{ token: string; expiresAt: Date }>;

/**
 * Query tokens (`?token=`) for the places that cannot send the session cookie: the viewer frame, Weasis, the CD
 * helper, the public film link. Each carries its purpose and its one exam; a person's token dies with the login
 * session it was minted from, a link's with the link (ARCHITECTURE §4 "Tokens carry their purpose").
 */
export class TokenService {
  private readonly now: () => Date;
  private linkIsLive: (linkId: string) => Promise<boolean>;

  constructor(private readonly deps: TokenServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.linkIsLive = deps.linkIsLive ?? (async () => false);
  }

  /** Wires the links module's liveness check after both are built (the links module mints through this service). */
  setLinkCheck(check: (linkId: string) => Promise<boolean>): void {
    this.linkIsLive = check;
  }

  /**
   * A token for one exam and one purpose, minted by a signed-in person (or by a token of theirs, for the viewer's
   * priors). It lives at most `ttlMs`, never past the login session behind it nor the token that asked for it. A film
   * link cannot mint.
   */
  async issueForPerson(
    user: CurrentUser,
    examId: string,
    purpose: PersonTokenPurpose,
    ttlMs = EXAM_TOKEN_TTL_MS,
  ): Promise<{ token: string; expiresAt: Date }> {
    if (user.token?.purpose === 'link') throw forbidden();
    // A system's credential has no session for a token to die with, and opens no viewer itself (decision io50).
    if (user.credential) throw authError('CREDENTIAL_NOT_HERE');
    const parentId = user.token ? user.token.parentSessionId : user.sessionId;
    const now = this.now();
    const parent = parentId ? await this.deps.sessions.findLiveById(parentId, now) : undefined;
    if (!parent) throw unauthorized();
    const ends = Math.min(
      now.getTime() + ttlMs,
      parent.expiresAt.getTime(),
      user.token?.expiresAt.getTime() ?? Infinity,
    );
    const expiresAt = new Date(ends);
    if (ends - now.getTime() < MIN_TOKEN_MS) throw unauthorized();
    return this.mint({ userId: user.userId, expiresAt, scopeExamId: examId, purpose, parentSessionId: parent.id });
  }

  /** A token for one exam of a film link, opened by anyone who has the link (and its PIN): it acts as the link. */
  async issueForLink(
    link: LinkGrant,
    examId: string,
    ttlMs = EXAM_TOKEN_TTL_MS,
  ): Promise<{ token: string; expiresAt: Date }> {
    const now = this.now();
    const expiresAt = new Date(Math.min(now.getTime() + ttlMs, link.expiresAt.getTime()));
    if (expiresAt <= now) throw authError('LINK_NOT_FOUND');
    return this.mint({ userId: link.createdBy, expiresAt, scopeExamId: examId, purpose: 'link', linkId: link.linkId });
  }

  /** The principal behind a live query token, or null when it is unknown, dead, or its session or link has ended. */
  async principal(token: string): Promise<CurrentUser | null> {
    if (token.length < 20 || token.length > 100) return null;
    const row = await this.deps.sessions.findLiveToken(hashToken(token), this.now());
    if (!row || !isTokenPurpose(row.purpose) || !row.scopeExamId) return null;
    if (row.purpose === 'link') {
      // A link's token always names its link, and works only while the link does.
      if (!row.linkId || !(await this.linkIsLive(row.linkId))) return null;
      const principal = await this.linkPrincipal(
        { linkId: row.linkId, createdBy: row.userId, expiresAt: row.expiresAt },
        row.scopeExamId,
      );
      return principal && { ...principal, sessionId: row.id, token: { ...principal.token!, expiresAt: row.expiresAt } };
    }
    // A person's token always has the login session it was minted from (checked live with the token).
    if (!row.parentSessionId) return null;
    const user = await this.deps.auth.userById(row.userId);
    if (!user) return null;
    const minted = {
      purpose: row.purpose,
      linkId: null,
      parentSessionId: row.parentSessionId,
      expiresAt: row.expiresAt,
    };
    return { ...user, sessionId: row.id, scopeExamId: row.scopeExamId, token: minted };
  }

  /**
   * A film link acting on one of its exams: the maker's account (null once it is inactive), with the link's fixed rights
   * instead of the maker's, narrowed to that exam, and named as the link for the audit log.
   */
  async linkPrincipal(link: LinkGrant, examId: string): Promise<CurrentUser | null> {
    const maker = await this.deps.auth.userById(link.createdBy);
    if (!maker) return null;
    const token = { purpose: 'link' as const, linkId: link.linkId, parentSessionId: null, expiresAt: link.expiresAt };
    return { ...maker, roleName: 'Link', permissions: LINK_PERMISSIONS, scopeExamId: examId, token };
  }

  private async mint(values: {
    userId: string;
    expiresAt: Date;
    scopeExamId: string;
    purpose: TokenPurpose;
    parentSessionId?: string;
    linkId?: string;
  }) {
    const token = randomBytes(32).toString('base64url');
    await this.deps.sessions.create({ tokenHash: hashToken(token), ...values });
    return { token, expiresAt: values.expiresAt };
  }
}
